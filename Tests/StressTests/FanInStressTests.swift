import Synchronization
import Testing

@testable import Signal

/// Shared by every item of one round: how many run at once.
private final class RoundProbe: Sendable {
  let running = Atomic<Int>(0)
  let peak = Atomic<Int>(0)
}

/// How often one item was performed. (Atomics only: ThreadSanitizer on Linux misreads
/// `Mutex` hand-offs as races.)
private final class AttemptCounter: Sendable {
  let count = Atomic<Int>(0)
}

private struct ItemFailed: Error, Equatable {
  let index: Int
}

/// Fails its first `failures` attempts; suspends now and then.
private struct StressItem: Performable {
  let index: Int
  let failures: Int
  let suspends: Bool
  let probe: RoundProbe
  let attempts = AttemptCounter()

  func perform() async throws(ItemFailed) -> Int {
    let now = probe.running.add(1, ordering: .relaxed).newValue
    probe.peak.max(now, ordering: .relaxed)
    defer { probe.running.subtract(1, ordering: .relaxed) }
    let attempt = attempts.count.add(1, ordering: .relaxed).newValue
    if suspends { await Task.yield() }
    guard attempt > failures else { throw ItemFailed(index: index) }
    return index * 2
  }
}

@Suite struct FanInStressTests {
  @Test(StressScale.timeLimit(minutes: 5))
  func randomRoundsDeliverExactlyOneCorrectOutcomePerIndex() async throws {
    try await MergeFanInStress.withLeakCheck {
      let rounds = 150 * MergeFanInStress.scale
      await withTaskGroup(of: Void.self) { group in
        for round in 0..<rounds {
          if round >= 6 { await group.next() }
          group.addTask { await Self.runRound(seed: UInt64(round) &* 104_729 &+ 3) }
        }
      }
    }
  }

  private static func runRound(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    let itemCount = Int.random(in: 0...400, using: &random)
    let probe = RoundProbe()
    let items = (0..<itemCount).map { index in
      StressItem(
        index: index,
        failures: Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : 0,
        suspends: Bool.random(using: &random),
        probe: probe
      )
    }
    let retries = Int.random(in: -1...2, using: &random)
    let maxConcurrent = Int.random(in: -1...12, using: &random)
    let ordering: FanInOrdering = Bool.random(using: &random) ? .index : .completion
    // Stop early in a third of the rounds, by leaving the loop or by cancelling the task.
    let stopAfter = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0...itemCount, using: &random) : nil
    let cancels = Bool.random(using: &random)
    let publisher = StressItem.publisher(for: items, retries: retries, maxConcurrent: maxConcurrent, ordering: ordering)

    let (reachedLimit, signalLimit) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var received: [(Int, OptionalOutput<Int, ItemFailed>)] = []
      for await outcome in publisher {
        received.append(outcome)
        if received.count == stopAfter {
          if !cancels { break }
          signalLimit.yield()
        }
      }
      signalLimit.finish()
      return received
    }
    if stopAfter != nil, cancels {
      for await _ in reachedLimit { break }
      consumer.cancel()
    }
    let received = await consumer.value

    let indices = received.map(\.0)
    #expect(Set(indices).count == indices.count, "seed \(seed): an index delivered twice")
    if ordering == .index { #expect(indices == Array(indices.indices), "seed \(seed): out of index order") }
    if stopAfter == nil { #expect(indices.sorted() == Array(0..<itemCount), "seed \(seed): an index missing") }
    #expect(probe.peak.load(ordering: .relaxed) <= max(1, maxConcurrent), "seed \(seed): too many at once")
    for (index, output) in received {
      let item = items[index]
      let allowed = max(0, retries) + 1
      if item.failures < allowed {
        #expect(output == .success(index * 2), "seed \(seed)")
        #expect(item.attempts.count.load(ordering: .relaxed) == item.failures + 1, "seed \(seed)")
      } else {
        #expect(output == .failure(ItemFailed(index: index)), "seed \(seed)")
        #expect(item.attempts.count.load(ordering: .relaxed) == allowed, "seed \(seed)")
      }
    }
  }

  @Test(StressScale.timeLimit(minutes: 5))
  func cancellingManyConsumersStopsEveryWorker() async throws {
    try await MergeFanInStress.withLeakCheck {
      await withTaskGroup(of: Void.self) { group in
        for consumer in 0..<(24 * MergeFanInStress.scale) {
          let probe = RoundProbe()
          let items = (0..<1_000).map { StressItem(index: $0, failures: 0, suspends: true, probe: probe) }
          group.addTask {
            var taken = 0
            for await _ in StressItem.publisher(for: items, maxConcurrent: 1 + consumer % 9) {
              taken += 1
              if taken == consumer * 13 { break }
            }
            #expect(taken == min(consumer * 13, 1_000) || consumer == 0)
          }
        }
      }
    }
  }
}
