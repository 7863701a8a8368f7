import SignalTesting
import Testing

@testable import Signal

@Suite struct CollectLogicTests {
  private typealias Logic = CollectLogic<Int, TestClock.Instant>

  private func taken(_ outputs: inout TimedOutputs<[Int]>) -> [[Int]] {
    var batches: [[Int]] = []
    while let batch = outputs.popFirst() { batches.append(batch) }
    return batches
  }

  private func started(interval: Duration, count: Int?) -> Logic {
    var logic = Logic(interval: interval, count: count)
    logic.start(at: .zero)
    return logic
  }

  @Test func aCountBelowOneCountsAsOne() {
    var logic = started(interval: .seconds(10), count: 0)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .zero, into: &outputs)
    #expect(taken(&outputs) == [[1], [2]])
  }

  @Test func byTimeABatchClosesAtTheEndOfItsWindowOnAGridFromTheStart() {
    var logic = started(interval: .seconds(1), count: nil)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .seconds(0.2), into: &outputs)
    #expect(logic.deadline == .seconds(1))
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    logic.advance(to: .seconds(1), into: &outputs)
    #expect(taken(&outputs) == [[1, 2]])
    // Empty windows arm nothing and emit nothing.
    #expect(logic.deadline == nil)
    logic.receive(3, at: .seconds(2.5), into: &outputs)
    #expect(logic.deadline == .seconds(3))
  }

  @Test func aValueAtAWindowsEndOpensTheNextWindow() {
    var logic = started(interval: .seconds(1), count: nil)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .seconds(1), into: &outputs)
    #expect(logic.deadline == .seconds(2))
  }

  @Test func byTimeOrCountABatchClosedByCountStartsANewGrid() {
    var logic = started(interval: .seconds(1), count: 2)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .seconds(0.25), into: &outputs)
    logic.receive(2, at: .seconds(0.5), into: &outputs)
    #expect(taken(&outputs) == [[1, 2]])
    #expect(logic.deadline == nil)
    logic.receive(3, at: .seconds(0.75), into: &outputs)
    #expect(logic.deadline == .seconds(1.5))
    logic.advance(to: .seconds(1.5), into: &outputs)
    #expect(taken(&outputs) == [[3]])
  }

  @Test func aWindowOfNoLengthEmitsEveryValueAlone() {
    var logic = started(interval: .zero, count: 5)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .zero, into: &outputs)
    logic.receive(2, at: .zero, into: &outputs)
    #expect(taken(&outputs) == [[1], [2]])
    #expect(logic.deadline == nil)
  }

  @Test func finishingEmitsThePartialBatchAndDisarmsTheTimer() {
    var logic = started(interval: .seconds(1), count: nil)
    var outputs = TimedOutputs<[Int]>()
    logic.receive(1, at: .seconds(0.2), into: &outputs)
    logic.finish(at: .seconds(0.3), into: &outputs)
    #expect(taken(&outputs) == [[1]])
    #expect(logic.deadline == nil)
  }
}
