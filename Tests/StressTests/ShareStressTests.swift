import Synchronization
import Testing

@testable import Signal

private let scale = StressScale.factor

private final class SubscriptionCount: Sendable {
  let count = Atomic(0)
}

/// What one subscriber saw.
private struct Seen: Sendable {
  let values: [Int]
  /// Subscribed before the upstream started and stayed to the end.
  let stayed: Bool
}

/// `true` when `values` only increase (nothing duplicated or reordered).
private func isIncreasing(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}

/// `true` when `values` are consecutive: nothing lost, duplicated or reordered in between.
private func isContiguous(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 }
}

/// Waits (yielding, bounded) for everything created in `scope` to be released.
private func settle(_ scope: CensusScope) async {
  let deadline = ContinuousClock.now + .seconds(10)
  while !scope.isQuiet, ContinuousClock.now < deadline { await Task.yield() }
}

private func randomPolicy() -> BufferingPolicy {
  switch Int.random(in: 0..<4) {
  case 0, 1: return .suspend(Int.random(in: 1...8))
  case 2: return .dropOldest(Int.random(in: 1...8))
  default: return .dropNewest(Int.random(in: 1...8))
  }
}

@Suite(StressScale.timeLimit(minutes: 2)) struct ShareStressTests {
  @Test func subscribersJoiningAndLeavingAtRandom() async throws {
    for _ in 0..<(10 * scale) {
      let scope = CensusScope()
      try await Census.$scope.withValue(scope) {
        try await runChurnRound(policy: randomPolicy(), replay: Int.random(in: 0...3))
      }
      await settle(scope)
      #expect(scope.liveObjects.load(ordering: .acquiring) == 0)
      #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
    }
  }

  private static func stay(_ iterator: inout Publishers.Share<SequencePublisher<Range<Int>>>.Iterator) async -> Seen {
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    return Seen(values: values, stayed: true)
  }

  private func runChurnRound(policy: BufferingPolicy, replay: Int) async throws {
    let count = 2000
    let shared = (0..<count).publisher.share(replay: replay, buffering: policy)
    let lossless: Bool
    if case .suspend = policy { lossless = true } else { lossless = false }

    // Stayers subscribe before any of them iterates: the upstream is read from the first
    // `next()`, so all three see it from its start. (A stayer's task must not start before the
    // last stayer has subscribed: its first `next()` would start the upstream.)
    var first = shared.makeAsyncIterator()
    var second = shared.makeAsyncIterator()
    var third = shared.makeAsyncIterator()
    var tasks: [Task<Seen, Never>] = [
      Task { await Self.stay(&first) }, Task { await Self.stay(&second) }, Task { await Self.stay(&third) },
    ]

    // Churners join at random moments and leave after a random number of values: by dropping
    // their iterator, by cancelling their task, or by reading to the end.
    for index in 0..<8 {
      tasks.append(
        Task {
          for _ in 0..<Int.random(in: 0...50) { await Task.yield() }
          var iterator = shared.makeAsyncIterator()
          let limit = Int.random(in: 0...count)
          var values: [Int] = []
          while values.count < limit, let value = await iterator.next() {
            values.append(value)
            if index % 3 == 1, values.count == limit / 2 { withUnsafeCurrentTask { $0?.cancel() } }
          }
          return Seen(values: values, stayed: false)
        })
    }

    var seen: [Seen] = []
    for task in tasks { seen.append(await task.value) }
    for subscriber in seen {
      #expect(isIncreasing(subscriber.values))
      if lossless {
        #expect(isContiguous(subscriber.values))
        if subscriber.stayed { #expect(subscriber.values == Array(0..<count)) }
      }
    }
  }

  @Test func everybodyLeavingAndComingBackRestartsTheUpstream() async throws {
    for _ in 0..<(20 * scale) {
      let scope = CensusScope()
      await Census.$scope.withValue(scope) {
        let subscriptions = SubscriptionCount()
        let upstream = Deferred {
          subscriptions.count.add(1, ordering: .relaxed)
          return (0..<10_000).publisher
        }
        let shared = upstream.share(buffering: randomPolicy())
        // Waves of subscribers that all leave early (cancelled or dropped), then one that stays.
        for _ in 0..<3 {
          await withTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
              group.addTask {
                var iterator = shared.makeAsyncIterator()
                for _ in 0..<Int.random(in: 1...100) {
                  guard await iterator.next() != nil else { return }
                  if index == 0 { withUnsafeCurrentTask { $0?.cancel() } }
                }
              }
            }
          }
        }
        let last = await shared.allValues()
        #expect(isIncreasing(last))
        if case .suspend = shared.policy { #expect(last == Array(0..<10_000)) }
        #expect(subscriptions.count.load(ordering: .relaxed) >= 2)
      }
      await settle(scope)
      #expect(scope.isQuiet)
    }
  }

  /// `Multicast.connect()` runs its pump through the contract (`spawn`, adopted by the connection's
  /// state machine): a connection cancelled at any point cancels its pump, and nothing it made is
  /// left once it is gone (the census counts the connection's storage).
  @Test func multicastConnectionsCancelledAtRandomLeaveNothingBehind() async {
    for _ in 0..<(20 * scale) {
      let scope = CensusScope()
      await Census.$scope.withValue(scope) {
        let multicast = (0..<1_000_000).publisher.multicast { PassthroughSubject<Int, Never>() }
        var iterator = multicast.makeAsyncIterator()
        let connection = multicast.connect()
        var received: [Int] = []
        for _ in 0..<Int.random(in: 0...100) {
          guard let value = await iterator.next() else { break }
          received.append(value)
        }
        connection.cancel()
        #expect(received == Array(0..<received.count))
      }
      await settle(scope)
      #expect(scope.isQuiet)
    }
  }
}
