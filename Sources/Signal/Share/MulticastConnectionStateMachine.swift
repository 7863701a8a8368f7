/// The state of one ``Publishers/Multicast/connect()``: connected (the upstream subscribed, its
/// pump not yet adopted), pumping (the pump task feeds the subject), or ended (the pump returned
/// or the token was cancelled).
@usableFromInline
struct MulticastConnectionStateMachine: SubscriptionStateMachine {
  @usableFromInline
  enum Phase: Sendable {
    case connected
    case pumping(Task<Void, Never>)
    case ended
  }

  @usableFromInline var phase = Phase.connected

  @inlinable
  init() {}

  /// Keeps the pump task, so that cancelling the connection cancels it; `false` (cancel it at
  /// once) when the connection was cancelled first.
  @inlinable
  mutating func adopt(_ pump: Task<Void, Never>) -> Bool {
    guard case .connected = phase else { return false }
    phase = .pumping(pump)
    return true
  }

  /// The pump returned (the upstream completed): nothing is left to cancel.
  @inlinable
  mutating func pumpReturned() {
    phase = .ended
  }

  /// The token was cancelled: the pump, if it still runs, is cancelled.
  @inlinable
  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = Effects()
    if case .pumping(let pump) = phase { effects.cancel(pump) }
    phase = .ended
    return effects
  }
}
