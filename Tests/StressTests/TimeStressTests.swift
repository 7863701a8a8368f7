import Testing

@testable import Signal

private let scale = StressScale.factor

/// Many subscriptions to every time operator on the real clock with sub-millisecond intervals,
/// so timers race upstream values, each consumer leaving at a random point (cancelling,
/// dropping its iterator, or reading to the end): afterwards no storage object or parked
/// continuation may be left. (The deterministic checks live in SignalTests on a TestClock.)
@Suite struct TimeStressTests {
  @Test func subscriptionsThatLeaveAtRandomPointsLeaveNothingBehind() async {
    for _ in 0..<(4 * scale) {
      let scope = CensusScope()
      await Census.$scope.withValue(scope) {
        await runRound()
      }
      await settle(scope)
      #expect(scope.liveObjects.load(ordering: .acquiring) == 0)
      #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
    }
  }

  private func runRound() async {
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          await consume(operator: index % 5, limit: Int.random(in: 0...40), leave: index % 3)
        }
      }
    }
  }

  private func consume(operator kind: Int, limit: Int, leave: Int) async {
    let upstream = (0..<200).publisher
    let tick = Duration.microseconds(200)
    switch kind {
    case 0: await read(upstream.debounce(for: tick), limit: limit, leave: leave)
    case 1: await read(upstream.throttle(for: tick, latest: Bool.random()), limit: limit, leave: leave)
    case 2: await read(upstream.delay(for: tick, bufferLimit: 8), limit: limit, leave: leave)
    case 3: await read(upstream.timeout(tick * 5), limit: limit, leave: leave)
    default: await read(upstream.collect(.byTimeOrCount(ContinuousClock(), tick, 7)), limit: limit, leave: leave)
    }
  }

  /// Waits (yielding, bounded) for everything created in `scope` to be released.
  private func settle(_ scope: CensusScope) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !scope.isQuiet, ContinuousClock.now < deadline { await Task.yield() }
  }

  /// Reads up to `limit` values, then: 0 cancels its own task, 1 drops the iterator, 2 reads on to the end.
  private func read<P: Publisher>(_ publisher: P, limit: Int, leave: Int) async where P.Failure == Never {
    var iterator = publisher.makeAsyncIterator()
    var count = 0
    while await iterator.next(isolation: nil) != nil {
      count += 1
      guard count >= limit else { continue }
      if leave == 0 { withUnsafeCurrentTask { $0?.cancel() } }
      if leave < 2 { return }
    }
  }
}
