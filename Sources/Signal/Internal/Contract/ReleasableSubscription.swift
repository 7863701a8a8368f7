/// A subscription that can be ended from outside its task: see ``UpstreamSubscription``.
@usableFromInline
protocol ReleasableSubscription: AnyObject, Sendable {
  /// Ends the subscription if no task has taken it yet; otherwise does nothing (the task that
  /// took it ends it when the operator cancels that task).
  func release()
}

/// A connection token (``ConnectablePublisher/connect()``) is released by cancelling it.
extension AnyCancellable: ReleasableSubscription {
  @usableFromInline
  func release() {
    cancel()
  }
}
