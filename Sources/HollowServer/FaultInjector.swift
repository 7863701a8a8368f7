import Synchronization

/// Decides, per request, the simulated latency and failure the configuration asks for.
final class FaultInjector: Sendable {
  private let latency: Latency
  private let failures: FailureInjection
  private let generator: Mutex<SeededGenerator>

  init(latency: Latency, failures: FailureInjection, seed: UInt64) {
    self.latency = latency
    self.failures = failures
    generator = Mutex(SeededGenerator(seed: seed ^ 0x5EED_FA11))
  }

  /// The failure for the next answer, or `nil` to answer normally.
  func nextFailure() -> FailureKind? {
    guard failures.rate > 0, !failures.kinds.isEmpty else { return nil }
    return generator.withLock { generator in
      guard Double.random(in: 0..<1, using: &generator) < failures.rate else { return nil }
      return generator.pick(failures.kinds)
    }
  }

  /// Blocks the calling connection thread for the configured latency, or until `shutdown` fires.
  func delay(until shutdown: ShutdownLatch) {
    let duration: Duration
    switch latency {
    case .none:
      return
    case .fixed(let fixed):
      duration = fixed
    case .random(let range):
      let lower = Self.nanoseconds(range.lowerBound)
      let upper = Self.nanoseconds(range.upperBound)
      duration = .nanoseconds(generator.withLock { Int64.random(in: lower...max(lower, upper), using: &$0) })
    }
    shutdown.wait(for: duration)
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
