@testable import Signal

/// An upstream subscription a test hands to a state machine, to see whether the machine hands
/// it back to be released (state machines only decide: releasing is the storage's job).
final class ReleaseProbe: ReleasableSubscription {
  let name: String

  init(_ name: String) {
    self.name = name
  }

  func release() {}

  /// The names of the probes `effects` asks to release, in order; other subscriptions are "?".
  static func names(releasedBy effects: Effects) -> [String] {
    effects.subscriptionsToRelease.map { ($0 as? ReleaseProbe)?.name ?? "?" }
  }
}
