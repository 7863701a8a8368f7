/// A publisher that builds a fresh publisher for every subscription.
///
/// ```swift
/// let now = Deferred { Just(ContinuousClock.now) }
/// for await instant in now { print(instant) }  // the instant of this subscription
/// ```
///
/// Use it to delay work or state that a publisher captures until someone subscribes,
/// and to give each subscriber its own copy.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Element = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure
  /// A subscription to a ``Deferred`` is a subscription to the publisher it built,
  /// so its iterator is that publisher's iterator, with no wrapper in between.
  public typealias Iterator = DeferredPublisher.AsyncIterator

  /// Builds the publisher; called once per subscription.
  public let createPublisher: @Sendable () -> DeferredPublisher

  /// Creates a publisher that calls `createPublisher` for every subscription.
  @inlinable
  public init(createPublisher: @escaping @Sendable () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    createPublisher().makeAsyncIterator()
  }
}
