import SignalTesting
import Testing

@testable import Signal

@Suite struct DelayLogicTests {
  private typealias Logic = DelayLogic<Int, TestClock.Instant>

  private func taken(_ outputs: inout TimedOutputs<Int>) -> [Int] {
    var values: [Int] = []
    while let value = outputs.popFirst() { values.append(value) }
    return values
  }

  @Test func everyValueIsDueOneIntervalAfterItArrivedAndCountsAsBacklogUntilThen() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(1))
    #expect(logic.backlog == 2)
    logic.advance(to: .seconds(1), into: &outputs)
    #expect(taken(&outputs) == [1])
    #expect(logic.deadline == .seconds(1.5))
    #expect(logic.backlog == 1)
    logic.advance(to: .seconds(1.5), into: &outputs)
    #expect(taken(&outputs) == [2])
    #expect(logic.deadline == nil)
    #expect(logic.backlog == 0)
  }

  @Test func aLateTimerReleasesEveryValueDueInArrivalOrderAndNoneLater() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    for (value, second) in [(1, 0.0), (2, 0.1), (3, 2.0)] {
      logic.receive(value, at: .seconds(second), into: &outputs)
    }
    logic.advance(to: .seconds(2.5), into: &outputs)
    #expect(taken(&outputs) == [1, 2])
    #expect(logic.deadline == .seconds(3))
  }

  @Test func finishingKeepsTheValuesInFlight() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.finish(at: .seconds(0.5), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(1))
    #expect(logic.backlog == 1)
  }

  @Test func aNegativeIntervalCountsAsZero() {
    var logic = Logic(interval: .seconds(-1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .seconds(1), into: &outputs)
    #expect(logic.deadline == .seconds(1))
  }
}
