/// The values of a subject as seen by one subscriber with its own buffering policy.
///
/// Returned by `values(buffering:)` on every subject. Each iteration (each
/// `makeAsyncIterator()`) is a new subscription, registered at once: every value sent
/// after the iterator exists reaches it.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// Task { for await value in subject.values(buffering: .dropOldest(8)) { render(value) } }
/// ```
///
/// The subscription ends when the iterator is dropped, when its task is cancelled (the
/// stream then returns `nil`), or after the subject's completion has been delivered.
public struct SubjectValues<Output: Sendable, Failure: Error>: Publisher {
  public typealias Element = Output

  @usableFromInline let storage: SubjectStorage<Output, Failure>
  /// The buffering policy of every subscription made from this publisher.
  public let policy: BufferingPolicy

  @inlinable
  init(storage: SubjectStorage<Output, Failure>, policy: BufferingPolicy) {
    self.storage = storage
    self.policy = policy
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(SubscriptionLifetime(storage, subscriber: storage.subscribe(policy: policy)))
  }

  /// One subscriber's iterator. Values already buffered are returned without suspending.
  ///
  /// Dropping it unsubscribes, which discards its buffer and releases a sender waiting for
  /// room in it.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>

    @inlinable
    init(_ subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>) {
      self.subscription = subscription
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      try await subscription.storage.next(subscription.subscriber, isolation: actor)
    }
  }
}
