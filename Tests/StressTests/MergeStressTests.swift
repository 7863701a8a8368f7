import Foundation
import Synchronization
import Testing

@testable import Signal

/// What the merge and fan-in stress tests share: scale, randomness and the leak check.
enum MergeFanInStress {
  /// Multiplies iteration counts; `SIGNAL_STRESS_SCALE` (default 1) makes a soak.
  static let scale = StressScale.factor

  struct StillBusy: Error, CustomStringConvertible {
    let liveObjects: Int
    let parkedContinuations: Int
    var description: String { "\(liveObjects) storage objects alive, \(parkedContinuations) continuations parked" }
  }

  /// Runs `body` in a fresh census scope, then waits (polling, with a deadline) until every
  /// storage object it created is gone and nothing is parked.
  static func withLeakCheck(_ body: () async throws -> Void) async throws {
    let scope = CensusScope()
    try await Census.$scope.withValue(scope) { try await body() }
    let deadline = ContinuousClock.now + .seconds(30)
    while !scope.isQuiet {
      guard ContinuousClock.now < deadline else {
        throw StillBusy(
          liveObjects: scope.liveObjects.load(ordering: .acquiring),
          parkedContinuations: scope.parkedContinuations.load(ordering: .acquiring)
        )
      }
      await Task.yield()
    }
    #expect(scope.isQuiet)
  }
}

/// A small seeded generator (SplitMix64), so a failing round can be replayed from its seed.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

private struct ProducerFailed: Error, Equatable {
  let producer: Int
}

/// One upstream of a stress round: `count` values `(producer, 0..<count)`, then it finishes or
/// (when `failsAfter` is set) fails; it suspends now and then when `yieldsEvery > 0`.
private struct StressUpstream: Publisher {
  typealias Output = (producer: Int, sequence: Int)
  typealias Element = Output
  typealias Failure = ProducerFailed

  let producer: Int
  let count: Int
  let failsAfter: Int?
  let yieldsEvery: Int

  /// Whether it fails before running out of values.
  var fails: Bool { failsAfter.map { $0 <= count } ?? false }

  func makeAsyncIterator() -> Iterator { Iterator(upstream: self) }

  struct Iterator: AsyncIteratorProtocol {
    let upstream: StressUpstream
    var sequence = 0

    mutating func next() async throws(ProducerFailed) -> Output? { try await next(isolation: nil) }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(ProducerFailed) -> Output? {
      if let failsAfter = upstream.failsAfter, sequence == failsAfter {
        sequence += 1
        throw ProducerFailed(producer: upstream.producer)
      }
      guard sequence < upstream.count else { return nil }
      if upstream.yieldsEvery > 0, sequence % upstream.yieldsEvery == 0 { await Task.yield() }
      defer { sequence += 1 }
      return (upstream.producer, sequence)
    }
  }
}

/// How a round's consumer stops.
private enum Ending {
  case consumeEverything
  /// Leaves the loop (dropping the iterator) after this many values.
  case dropAfter(Int)
  /// Its task is cancelled after this many values.
  case cancelAfter(Int)
}

private struct RoundResult {
  var received: [(producer: Int, sequence: Int)] = []
  var failure: ProducerFailed?
  var finished = false
}

@Suite struct MergeStressTests {
  @Test(StressScale.timeLimit(minutes: 5))
  func randomRoundsLoseDuplicateAndReorderNothing() async throws {
    try await MergeFanInStress.withLeakCheck {
      let rounds = 100 * MergeFanInStress.scale
      await withTaskGroup(of: Void.self) { group in
        for round in 0..<rounds {
          if round >= 6 { await group.next() }
          group.addTask { await Self.runRound(seed: UInt64(round) &* 7919 &+ 17) }
        }
      }
    }
  }

  private static func runRound(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    let upstreams = (0..<Int.random(in: 0...12, using: &random)).map { producer in
      StressUpstream(
        producer: producer,
        count: Int.random(in: 0...3_000, using: &random),
        failsAfter: Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 0...500, using: &random) : nil,
        yieldsEvery: [0, 0, 1, 7, 64].randomElement(using: &random) ?? 0
      )
    }
    let ending: Ending =
      switch Int.random(in: 0..<4, using: &random) {
      case 0: .dropAfter(Int.random(in: 0...2_000, using: &random))
      case 1: .cancelAfter(Int.random(in: 0...2_000, using: &random))
      default: .consumeEverything
      }
    let result = await consume(upstreams.merged(), ending: ending)
    check(result, of: upstreams, ending: ending, seed: seed)
  }

  private static func consume(_ merged: Publishers.MergeMany<StressUpstream>, ending: Ending) async -> RoundResult {
    let (reachedLimit, signalLimit) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var result = RoundResult()
      var iterator = merged.makeAsyncIterator()
      do throws(ProducerFailed) {
        while let value = try await iterator.next() {
          result.received.append(value)
          switch ending {
          case .consumeEverything: break
          case .dropAfter(let limit): if result.received.count >= limit { return result }
          case .cancelAfter(let limit): if result.received.count == limit { signalLimit.yield() }
          }
        }
        result.finished = true
      } catch {
        result.failure = error
      }
      signalLimit.finish()
      return result
    }
    if case .cancelAfter = ending {
      for await _ in reachedLimit { break }
      consumer.cancel()
    }
    return await consumer.value
  }

  private static func check(_ result: RoundResult, of upstreams: [StressUpstream], ending: Ending, seed: UInt64) {
    var nextSequence = [Int](repeating: 0, count: upstreams.count)
    for (producer, sequence) in result.received {
      // Within a producer: no loss, no duplicate, no reordering.
      #expect(sequence == nextSequence[producer], "seed \(seed)")
      nextSequence[producer] = sequence + 1
    }
    if let failure = result.failure {
      let failed = upstreams[failure.producer]
      #expect(failed.fails, "seed \(seed)")
      // Values a producer sent before failing are delivered before its failure.
      #expect(nextSequence[failure.producer] == failed.failsAfter, "seed \(seed)")
    }
    guard case .consumeEverything = ending else { return }
    if result.finished {
      #expect(upstreams.allSatisfy { !$0.fails }, "seed \(seed)")
      #expect(nextSequence == upstreams.map(\.count), "seed \(seed)")
    } else {
      #expect(result.failure != nil, "seed \(seed)")
    }
  }

  @Test(StressScale.timeLimit(minutes: 5))
  func endlessUpstreamsStopWhenManyConsumersLeave() async throws {
    try await MergeFanInStress.withLeakCheck {
      await withTaskGroup(of: Int.self) { group in
        for consumer in 0..<(16 * MergeFanInStress.scale) {
          group.addTask {
            var taken = 0
            let upstreams = (0..<(1 + consumer % 5)).map { _ in (0...).publisher }
            for await _ in upstreams.merged() {
              taken += 1
              if taken == 500 + consumer * 37 { break }
            }
            return taken
          }
        }
        for await taken in group { #expect(taken >= 500) }
      }
    }
  }
}
