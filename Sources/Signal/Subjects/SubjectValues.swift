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
    /// Values taken from the subscriber's buffer in one lock and returned one by one without it.
    @usableFromInline var batch = RingBuffer<Output>()
    /// After how many more values of `batch` the subscriber reaches its low watermark (0: no report due).
    @usableFromInline var reportAfter = 0

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
      if let value = batch.popFirst() {
        guard !Task.isCancelled else {
          // As for a buffered value: a cancelled task ends the subscription instead.
          batch.removeAll()
          subscription.storage.cancel(subscription.subscriber)
          return nil
        }
        if reportAfter > 0 {
          reportAfter -= 1
          if reportAfter == 0 {
            subscription.storage.consumedFromBatch(subscription.subscriber, remaining: batch.count)
          }
        }
        return value
      }
      return try await subscription.storage.next(
        subscription.subscriber, batchingInto: &batch, reportAfter: &reportAfter, isolation: actor)
    }
  }
}
