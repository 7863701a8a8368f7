import OperatorContract
import SignalTesting
import Synchronization
import Testing

@testable import Signal

/// Waits (yielding, bounded) for everything created in `scope` to be released; `true` if it was.
private func settled(_ scope: CensusScope) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(10)
  while !scope.isQuiet {
    if ContinuousClock.now > deadline { return false }
    await Task.yield()
  }
  return true
}

/// Moves `clock` on for as long as the returned task runs, so that the time operators' timers
/// fire at random moments against the cancellation.
private func ticking(_ clock: TestClock) -> Task<Void, Never> {
  Task {
    while !Task.isCancelled {
      await clock.advance(by: .milliseconds(Int.random(in: 1...1500)))
      await Task.yield()
    }
  }
}

/// The contract of `OperatorContractTests`, with the cancellation landing at random moments
/// while a sender keeps sending: every operator of the table, many rounds each.
@Suite(StressScale.timeLimit(minutes: 3)) struct OperatorContractStressTests {
  private static let rounds = 50 * StressScale.factor

  @Test(arguments: ContractTable.operators)
  func cancellingTheConsumingTaskAtRandomStopsAndReleases(_ row: OperatorCase) async {
    for _ in 0..<Self.rounds {
      let scope = CensusScope()
      let upstream = ProbedUpstream(policy: .suspend(Int.random(in: 1...4)))
      let clock = TestClock()
      let ticker = ticking(clock)
      let late = await Census.$scope.withValue(scope) {
        let consumer = Task { await valuesAfterCancellation(of: row.apply(upstream, clock)) }
        await upstream.probe.wait { $0.subscriptions >= 1 }
        let sender = Task {
          for value in 1...Int.random(in: 1...40) { _ = upstream.subject.trySend(value) }
        }
        for _ in 0..<Int.random(in: 0...20) { await Task.yield() }
        consumer.cancel()
        await sender.value
        return await consumer.value
      }
      ticker.cancel()
      #expect(late == 0)
      await upstream.probe.waitUntilAllReleased()
      #expect(await settled(scope))
    }
  }

  @Test(arguments: ContractTable.operators)
  func cancellingFromReceiveValueAtRandomStopsEveryDelivery(_ row: OperatorCase) async {
    for _ in 0..<Self.rounds {
      let upstream = ProbedUpstream(policy: .suspend(Int.random(in: 1...4)))
      let delivered = SubscriptionProbe()
      let cancelAt = Int.random(in: 1...5)
      let values = Atomic(0)
      let token = Mutex<AnyCancellable?>(nil)
      let clock = TestClock()
      let ticker = ticking(clock)
      let cancellable = row.apply(upstream, clock).probed(by: delivered).sink { _ in
      } receiveValue: { _ in
        if values.add(1, ordering: .relaxed).newValue == cancelAt { token.withLock { $0?.cancel() } }
      }
      token.withLock { $0 = cancellable }
      await upstream.probe.wait { $0.subscriptions >= 1 }
      for value in 1...40 { _ = upstream.subject.trySend(value) }
      await upstream.subject.send(completion: .finished)
      await delivered.wait { $0.subscriptions == 1 && $0.liveSubscriptions == 0 }
      ticker.cancel()
      #expect(values.load(ordering: .relaxed) <= cancelAt)
      await upstream.probe.waitUntilAllReleased()
    }
  }
}
