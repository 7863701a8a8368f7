import Synchronization

@testable import Signal

/// An upstream subscription a test hands to a state machine, to see whether the machine hands
/// it back to be released.
final class ReleaseProbe: ReleasableSubscription {
  let name: String
  private let releases = Atomic<Int>(0)

  init(_ name: String) {
    self.name = name
  }

  func release() {
    releases.add(1, ordering: .relaxed)
  }

  var releaseCount: Int { releases.load(ordering: .relaxed) }

  /// The names of the probes `effects` asks to release, in order; other subscriptions are "?".
  static func names(releasedBy effects: Effects) -> [String] {
    effects.subscriptionsToRelease.map { ($0 as? ReleaseProbe)?.name ?? "?" }
  }
}
