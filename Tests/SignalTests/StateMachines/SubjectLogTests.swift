import Testing

@testable import Signal

@Suite struct SubjectLogTests {
  @Test func positionsCountEveryValueAndSurviveWrappingAndGrowing() {
    var log = SubjectLog<Int>()
    for value in 0..<10 { log.append(value) }
    log.discard(upTo: 8)
    #expect(log.start == 8 && log.end == 10 && log.count == 2)
    // Wraps around the 16 slots, then grows past them with a reader still at 8.
    for value in 10..<40 { log.append(value) }
    #expect(log.count == 32)
    #expect((8..<40).map { log[$0] } == Array(8..<40))
  }

  @Test func discardingLetsGoOfTheValuesBeforeAPositionAndNoMore() {
    final class Box: Sendable {}
    weak var first: Box?
    weak var second: Box?
    var log = SubjectLog<Box>()
    do {
      let one = Box()
      let two = Box()
      first = one
      second = two
      log.append(one)
      log.append(two)
    }
    log.discard(upTo: 1)
    #expect(first == nil)
    #expect(second != nil)
    // Past the end is clamped; positions keep counting after everything is gone.
    log.discard(upTo: 5)
    #expect(second == nil && log.start == 2 && log.end == 2)
    log.append(Box())
    #expect(log.start == 2 && log.end == 3)
  }
}
