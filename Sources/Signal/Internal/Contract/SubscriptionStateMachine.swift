/// The state machine of a Signal storage: a plain struct, changed only under its storage's
/// lock, whose methods decide and return what to do (an action enum per event, carrying
/// ``Effects``) instead of doing it.
///
/// The contract every one of them keeps, whatever its operator:
/// - **cancel means stop**: ``cancel(_:)`` ends the subscriber's subscription at once,
///   discards what was buffered for it, and hands back every task to cancel and every
///   parked waiter to resume, so nothing the subscription started outlives it;
/// - **finished means released**: when the stream ends on its own (upstream finished or
///   failed, an early end such as a timeout or an exhausted `zip`), the same effects are
///   handed back in that event's action;
/// - a task is kept (adopted) only while the subscription runs; adopting after the end
///   tells the caller to cancel the task.
@usableFromInline
protocol SubscriptionStateMachine: Sendable {
  /// Identifies one subscriber where a storage serves many (a subject's subscribers); `Void`
  /// where the storage is a single subscription.
  associatedtype Subscriber: Sendable = Void

  /// `subscriber` went away (its iterator was dropped, its task cancelled, or it stopped
  /// early): ends its subscription and returns what to wake, cancel and release.
  mutating func cancel(_ subscriber: Subscriber) -> Effects
}
