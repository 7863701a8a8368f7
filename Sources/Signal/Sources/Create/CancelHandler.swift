/// A ``Publishers/Create`` source's cleanup (`onCancel`), carried in ``Effects`` like any
/// subscription to let go of, so it runs once the lock is released, exactly once.
@usableFromInline
final class CancelHandler: ReleasableSubscription {
  private let handler: @Sendable () -> Void

  init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = handler
  }

  @usableFromInline
  func release() {
    handler()
  }
}
