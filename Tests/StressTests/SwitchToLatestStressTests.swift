import Testing

@testable import Signal

@Suite struct SwitchToLatestStressTests {
  @Test func switchingUnderRandomCancellationAndFailure() async {
    for _ in 0..<(30 * StressScale.factor) {
      let inners = Int.random(in: 0...30)
      let length = Int.random(in: 1...100)
      let failing = Bool.random() ? Int.random(in: 0..<max(1, inners)) : nil
      let cancelAfter = Bool.random() ? Int.random(in: 0...length) : nil
      let quiet = await inQuietCensusScope {
        let switched = TaggedSource(source: -1, count: inners).flatMapLatest { outer in
          TaggedSource(source: outer.index, count: length, failAt: outer.index == failing ? length / 2 : nil)
        }
        let (values, failure) = await consume(switched, cancelAfter: cancelAfter)
        #expect(isGaplessPerSource(values))
        // Once an inner publisher's value arrived, no older inner publisher's value follows.
        #expect(values.map(\.source) == values.map(\.source).sorted())
        if failure == nil, cancelAfter == nil, failing == nil, inners > 0 {
          #expect(values.filter { $0.source == inners - 1 }.count == length)
        }
      }
      #expect(quiet)
    }
  }
}
