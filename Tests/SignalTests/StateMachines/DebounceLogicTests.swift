import SignalTesting
import Testing

@testable import Signal

@Suite struct DebounceLogicTests {
  private typealias Logic = DebounceLogic<Int, TestClock.Instant>

  private func taken(_ outputs: inout TimedOutputs<Int>) -> [Int] {
    var values: [Int] = []
    while let value = outputs.popFirst() { values.append(value) }
    return values
  }

  @Test func holdsTheLatestValueUntilTheIntervalPassesWithoutAnother() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    #expect(logic.deadline == nil)
    logic.receive(1, at: .zero, into: &outputs)
    #expect(logic.deadline == .seconds(1))
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    #expect(logic.deadline == .seconds(1.5))
    #expect(taken(&outputs).isEmpty)
    logic.advance(to: .seconds(1.5), into: &outputs)
    #expect(taken(&outputs) == [2])
    #expect(logic.deadline == nil)
  }

  @Test func aLateTimerEmitsTheSameValue() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.advance(to: .seconds(5), into: &outputs)
    #expect(taken(&outputs) == [1])
    #expect(logic.deadline == nil)
  }

  @Test func finishingEmitsTheHeldValueAtOnce() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.finish(at: .seconds(0.2), into: &outputs)
    #expect(taken(&outputs) == [1])
    #expect(logic.deadline == nil)
  }

  @Test func withNothingHeldNothingIsEmitted() {
    var logic = Logic(interval: .seconds(1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.advance(to: .seconds(1), into: &outputs)
    _ = taken(&outputs)
    logic.advance(to: .seconds(2), into: &outputs)
    logic.finish(at: .seconds(3), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(!outputs.timedOut)
  }

  @Test func aNegativeIntervalCountsAsZero() {
    var logic = Logic(interval: .seconds(-1))
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .seconds(1), into: &outputs)
    #expect(logic.deadline == .seconds(1))
    #expect(logic.backlog == 0)
  }
}
