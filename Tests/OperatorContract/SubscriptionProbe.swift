import Synchronization

/// Counts the live subscriptions of a ``ProbedUpstream`` and lets a test wait until every one
/// has been released (its iterator deinitialized), which is how an operator's release of its
/// upstream is observed whatever buffers it keeps of its own.
public final class SubscriptionProbe: Sendable {
  private let made = Atomic(0)
  private let live = Atomic(0)
  private let peak = Atomic(0)
  private let events: AsyncStream<Void>
  private let signal: AsyncStream<Void>.Continuation

  public init() {
    (events, signal) = AsyncStream.makeStream(of: Void.self)
  }

  /// Subscriptions made so far.
  public var subscriptions: Int { made.load(ordering: .acquiring) }
  /// Subscriptions made and not yet released.
  public var liveSubscriptions: Int { live.load(ordering: .acquiring) }
  /// The most subscriptions that were live at once.
  public var peakLiveSubscriptions: Int { peak.load(ordering: .acquiring) }

  func subscribed() -> Token {
    made.add(1, ordering: .releasing)
    let now = live.add(1, ordering: .releasing).newValue
    peak.max(now, ordering: .releasing)
    signal.yield()
    return Token(probe: self)
  }

  func released() {
    live.subtract(1, ordering: .releasing)
    signal.yield()
  }

  /// Returns once `condition` holds, re-checking on every subscription and release. Wait only
  /// for what must happen: a test that waits for something that never comes hangs, and its time
  /// limit reports it.
  nonisolated(nonsending) public func wait(until condition: (SubscriptionProbe) -> Bool) async {
    var iterator = events.makeAsyncIterator()
    while !condition(self) {
      guard await iterator.next() != nil else { return }
    }
  }

  /// Returns once every subscription has been released.
  nonisolated(nonsending) public func waitUntilAllReleased() async {
    await wait { $0.liveSubscriptions == 0 }
  }

  /// One subscription's presence: made with it, released with it.
  final class Token: Sendable {
    let probe: SubscriptionProbe

    init(probe: SubscriptionProbe) {
      self.probe = probe
    }

    deinit {
      probe.released()
    }
  }
}
