import SignalTesting
import Testing

@testable import Signal

@Suite struct ThrottleLogicTests {
  private typealias Logic = ThrottleLogic<Int, TestClock.Instant>

  private func taken(_ outputs: inout TimedOutputs<Int>) -> [Int] {
    var values: [Int] = []
    while let value = outputs.popFirst() { values.append(value) }
    return values
  }

  @Test func aValueOutsideAWindowIsEmittedAtOnceAndOpensOne() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    #expect(taken(&outputs) == [1])
    // Nothing waits, so no timer is needed.
    #expect(logic.deadline == nil)
    #expect(logic.windowEnd == .seconds(1))
  }

  @Test(arguments: [(true, 3), (false, 2)])
  func theWindowKeepsTheLatestOrTheFirstValueForItsEnd(latest: Bool, kept: Int) {
    var logic = Logic(interval: .seconds(1), latest: latest)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    _ = taken(&outputs)
    logic.receive(2, at: .seconds(0.2), into: &outputs)
    logic.receive(3, at: .seconds(0.5), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(1))
    logic.advance(to: .seconds(1), into: &outputs)
    #expect(taken(&outputs) == [kept])
    // The emission opened the next window, with nothing waiting in it yet.
    #expect(logic.windowEnd == .seconds(2))
    #expect(logic.deadline == nil)
  }

  @Test func aWindowThatEndsEmptyClosesSoTheNextValueGoesAtOnce() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    logic.advance(to: .seconds(1), into: &outputs)
    logic.advance(to: .seconds(2), into: &outputs)
    #expect(logic.windowEnd == nil)
    logic.receive(3, at: .seconds(2.5), into: &outputs)
    #expect(taken(&outputs) == [1, 2, 3])
  }

  @Test func aValueAtTheWindowsEndIsOutsideIt() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(1), into: &outputs)
    #expect(taken(&outputs) == [1, 2])
    #expect(logic.windowEnd == .seconds(2))
  }

  @Test func aLateTimerDoesNotShiftTheSchedule() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    logic.advance(to: .seconds(1.7), into: &outputs)
    #expect(taken(&outputs) == [1, 2])
    // The next window runs from the end of the last one, not from when the timer fired.
    #expect(logic.windowEnd == .seconds(2))
    logic.receive(3, at: .seconds(1.9), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(2))
  }

  @Test func anEarlyAdvanceChangesNothing() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    _ = taken(&outputs)
    logic.advance(to: .seconds(0.9), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(1))
  }

  @Test func finishingKeepsTheWaitingValueForTheWindowsEnd() {
    var logic = Logic(interval: .seconds(1), latest: true)
    var outputs = TimedOutputs<Int>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    _ = taken(&outputs)
    logic.finish(at: .seconds(0.6), into: &outputs)
    #expect(taken(&outputs).isEmpty)
    #expect(logic.deadline == .seconds(1))
    logic.advance(to: .seconds(1), into: &outputs)
    #expect(taken(&outputs) == [2])
  }
}
