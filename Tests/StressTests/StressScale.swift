import Foundation
import Testing

/// How hard the stress tests push: `SIGNAL_STRESS_SCALE=50 swift test --filter StressTests`
/// for a long soak. Every stress test multiplies its iteration counts by this factor, and its
/// time limit with them, so a soak is never cut short by a limit sized for the default run.
enum StressScale {
  static let factor = max(1, ProcessInfo.processInfo.environment["SIGNAL_STRESS_SCALE"].flatMap { Int($0) } ?? 1)

  /// A time limit of `minutes` at the default scale, grown with ``factor``.
  static func timeLimit(minutes: Int) -> TimeLimitTrait {
    .timeLimit(.minutes(minutes * factor))
  }
}
