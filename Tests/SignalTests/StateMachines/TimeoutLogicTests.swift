import SignalTesting
import Testing

@testable import Signal

@Suite struct TimeoutLogicTests {
  private typealias Logic = TimeoutLogic<Int, TestClock.Instant>

  private func taken(_ outputs: inout TimedOutputs<Int>) -> [Int] {
    var values: [Int] = []
    while let value = outputs.popFirst() { values.append(value) }
    return values
  }

  @Test func eachRequestMustBeAnsweredWithinTheInterval() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.start(at: .zero)
    #expect(logic.deadline == nil)
    logic.willRequest(at: .zero)
    #expect(logic.deadline == .seconds(1))
    logic.receive(1, at: .seconds(0.5), into: &outputs)
    #expect(taken(&outputs) == [1])
    // Answered: no deadline until the next request, which gets a full interval.
    #expect(logic.deadline == nil)
    logic.willRequest(at: .seconds(0.7))
    #expect(logic.deadline == .seconds(1.7))
    #expect(!outputs.timedOut)
  }

  @Test func anUnansweredRequestTimesOut() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.willRequest(at: .zero)
    logic.advance(to: .seconds(1), into: &outputs)
    #expect(outputs.timedOut)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == nil)
  }

  @Test func finishingDisarmsTheDeadline() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.willRequest(at: .zero)
    logic.finish(at: .seconds(0.5), into: &outputs)
    #expect(logic.deadline == nil)
    #expect(!outputs.timedOut)
  }

  @Test func aNegativeIntervalCountsAsZero() {
    var logic = Logic(interval: .seconds(-1))
    logic.willRequest(at: .seconds(2))
    #expect(logic.deadline == .seconds(2))
  }
}
