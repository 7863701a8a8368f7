import Foundation

/// How hard the stress tests push: `SIGNAL_STRESS_SCALE=50 swift test --filter StressTests`
/// for a long soak. Every stress test multiplies its iteration counts by this factor.
enum StressScale {
  static let factor = max(1, ProcessInfo.processInfo.environment["SIGNAL_STRESS_SCALE"].flatMap { Int($0) } ?? 1)
}
