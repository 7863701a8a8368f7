import Testing

@testable import Signal

/// The consumer's side of ``BatchStateMachine``, which ``BatchStorage`` drives the same way
/// for every operator, held to the same rules for every conformer.
@Suite struct BatchStateMachineTests {
  enum Conformer: CaseIterable, Sendable {
    case merge, fanIn, flatMap, switchToLatest
  }

  enum Rule: CaseIterable, Sendable {
    /// The first refill starts the producers, once; with nothing produced yet the next one suspends.
    case theFirstDemandStartsTheProducersOnce
    /// A producer task is kept only while the stream runs.
    case tasksAreAdoptedOnlyWhileRunning
    /// Cancelling hands back the parked consumer and every adopted task.
    case cancellingWakesTheConsumerAndCancelsTheTasks
    /// After a cancellation every refill finishes with nothing, nobody parks, and a second
    /// cancellation has nothing left to do.
    case aCancelledStreamStaysFinished
    /// A subscription cancelled before its first demand never starts its producers.
    case cancellingBeforeTheFirstDemandNeverStarts
  }

  @Test(arguments: Conformer.allCases, Rule.allCases)
  func keepsTheRule(_ conformer: Conformer, _ rule: Rule) async {
    switch conformer {
    case .merge:
      await check(rule, MergeStateMachine<Int, Never>(upstreamCount: 2, capacity: 4))
    case .fanIn:
      await check(rule, FanInStateMachine<Int, Never>(itemCount: 3, window: 2, workerCount: 2, ordering: .index))
    case .flatMap:
      await check(rule, FlatMapStateMachine<Int, Never, ReleaseProbe>(maxPublishers: 2, capacityPerInner: 4))
    case .switchToLatest:
      await check(rule, SwitchToLatestStateMachine<Int, Never>(capacity: 4))
    }
  }

  private enum Refill: Equatable {
    case start
    case deliver(count: Int)
    case suspend
    case finish
    case fail
  }

  private func refill<Machine: BatchStateMachine>(_ machine: inout Machine) -> Refill {
    var batch = RingBuffer<Machine.Element>()
    let action = machine.refill(&batch, consumed: 0)
    let summary: Refill
    let woken: Int
    switch action {
    case .startProducers: (summary, woken) = (.start, 0)
    case .deliver(let wakeups): (summary, woken) = (.deliver(count: batch.count), wakeups.count)
    case .suspend(let wakeups): (summary, woken) = (.suspend, wakeups.count)
    case .finish(let effects):
      (summary, woken) = (batch.isEmpty ? .finish : .deliver(count: batch.count), effects.wakeups.count)
    case .fail(_, let effects): (summary, woken) = (.fail, effects.wakeups.count)
    }
    #expect(woken == 0, "a refill woke a waiter when none was parked")
    return summary
  }

  private func check<Machine: BatchStateMachine>(_ rule: Rule, _ fresh: Machine) async {
    var machine = fresh
    switch rule {
    case .theFirstDemandStartsTheProducersOnce:
      #expect(refill(&machine) == .start)
      #expect(refill(&machine) == .suspend)
      #expect(refill(&machine) == .suspend)

    case .tasksAreAdoptedOnlyWhileRunning:
      let adoptedBeforeTheStart = machine.adopt(Task {})
      #expect(!adoptedBeforeTheStart)
      _ = refill(&machine)
      let adoptedWhileRunning = machine.adopt(Task {})
      #expect(adoptedWhileRunning)
      _ = machine.cancel(())
      let adoptedAfterTheEnd = machine.adopt(Task {})
      #expect(!adoptedAfterTheEnd)

    case .cancellingWakesTheConsumerAndCancelsTheTasks:
      let pool = WaiterPool()
      _ = refill(&machine)
      let task = Task {}
      let adopted = machine.adopt(task)
      #expect(adopted)
      let parked = machine.parkConsumer(await pool.make("consumer"))
      #expect(parked)
      let effects = machine.cancel(())
      #expect(effects.tasksToCancel == [task])
      #expect(pool.resume(effects) == ["consumer"])

    case .aCancelledStreamStaysFinished:
      let pool = WaiterPool()
      _ = refill(&machine)
      _ = machine.cancel(())
      #expect(refill(&machine) == .finish)
      #expect(refill(&machine) == .finish)
      let parked = machine.parkConsumer(await pool.make("consumer"))
      #expect(!parked)
      #expect(machine.cancel(()).isEmpty)

    case .cancellingBeforeTheFirstDemandNeverStarts:
      #expect(machine.cancel(()).isEmpty)
      #expect(refill(&machine) == .finish)
      #expect(refill(&machine) == .finish)
    }
  }
}
