import Testing

@testable import Signal

@Suite struct ZipStressTests {
  @Test func zipManyUnderRandomCancellationAndFailure() async {
    for _ in 0..<(30 * StressScale.factor) {
      let lengths = (0..<Int.random(in: 1...5)).map { _ in Int.random(in: 0...300) }
      let failing = Bool.random() ? Int.random(in: 0..<lengths.count) : nil
      let shortest = lengths.min() ?? 0
      let cancelAfter = Bool.random() ? Int.random(in: 0...shortest) : nil
      let quiet = await inQuietCensusScope {
        let sources = lengths.enumerated().map { source, length in
          TaggedSource(source: source, count: length, failAt: source == failing ? length / 2 : nil)
        }
        let (rows, failure) = await consume(Publishers.ZipMany(sources), cancelAfter: cancelAfter)
        for (index, row) in rows.enumerated() {
          #expect(row == sources.indices.map { Tag(source: $0, index: index) })
        }
        if failure == nil, cancelAfter == nil, failing == nil { #expect(rows.count == shortest) }
      }
      #expect(quiet)
    }
  }

  @Test func zipOfTwoKeepsPairsInOrder() async {
    for _ in 0..<(20 * StressScale.factor) {
      let quiet = await inQuietCensusScope {
        let (pairs, failure) = await consume(
          TaggedSource(source: 0, count: 500).zip(TaggedSource(source: 1, count: Int.random(in: 0...600))),
          cancelAfter: Bool.random() ? Int.random(in: 0...500) : nil)
        #expect(failure == nil)
        #expect(pairs.enumerated().allSatisfy { $0.element.0.index == $0.offset && $0.element.1.index == $0.offset })
      }
      #expect(quiet)
    }
  }
}
