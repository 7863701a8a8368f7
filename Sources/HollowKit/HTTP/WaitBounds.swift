import HollowWire
import Synchronization

/// What bounds a connection's waits right now: the current exchange's ``SocketConnection/Limits`` and its
/// ``WakePipe``. A pooled connection serves many exchanges in turn, each with its own deadline and its own
/// cancellation, so the exchange that takes the connection sets them (``set(_:wake:)``); a late wake-up of
/// an exchange that has ended reaches its own pipe, which the connection no longer polls.
///
/// ```swift
/// let bounds = WaitBounds(limits, wake: try WakePipe())
/// bounds.set(nextExchangeLimits, wake: nextExchangeWake)  // when the pool hands the connection on
/// ```
final class WaitBounds: Sendable {
  private let state: Mutex<(limits: SocketConnection.Limits, wake: WakePipe)>

  init(_ limits: SocketConnection.Limits, wake: WakePipe) {
    state = Mutex((limits, wake))
  }

  func set(_ limits: SocketConnection.Limits, wake: WakePipe) {
    state.withLock { $0 = (limits, wake) }
  }

  var current: (limits: SocketConnection.Limits, wake: WakePipe) {
    state.withLock { $0 }
  }
}
