import Testing

@testable import Signal

@Suite struct CombineLatestStressTests {
  @Test func combineLatestManyUnderRandomCancellationAndFailure() async {
    for _ in 0..<(30 * StressScale.factor) {
      let lengths = (0..<Int.random(in: 1...4)).map { _ in Int.random(in: 1...300) }
      let failing = Bool.random() ? Int.random(in: 0..<lengths.count) : nil
      let cancelAfter = Bool.random() ? Int.random(in: 0...lengths.reduce(0, +)) : nil
      let quiet = await inQuietCensusScope {
        let sources = lengths.enumerated().map { source, length in
          TaggedSource(source: source, count: length, failAt: source == failing ? length / 2 : nil)
        }
        let (outputs, failure) = await consume(Publishers.CombineLatestMany(sources), cancelAfter: cancelAfter)
        // Each output follows from the previous one by exactly one upstream's next value.
        for (previous, output) in zip(outputs, outputs.dropFirst()) {
          let changed = output.indices.filter { output[$0] != previous[$0] }
          #expect(changed.count == 1)
          if let index = changed.first { #expect(output[index].index == previous[index].index + 1) }
        }
        if failure == nil, cancelAfter == nil, failing == nil {
          #expect(outputs.last == lengths.enumerated().map { Tag(source: $0.offset, index: $0.element - 1) })
        }
      }
      #expect(quiet)
    }
  }
}
