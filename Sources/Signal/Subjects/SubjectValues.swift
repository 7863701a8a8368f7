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
    Iterator(SubscriptionLifetime(storage, subscriber: storage.subscribe(policy: policy)), policy: policy)
  }

  /// One subscriber's iterator. Values already buffered are returned without suspending.
  ///
  /// Dropping it unsubscribes, which discards its buffer and releases a sender waiting for
  /// room in it.
  public struct Iterator: _HoldingIterator {
    @usableFromInline let subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>
    /// Values taken from the subscriber's buffer in one lock and returned one by one without it.
    @usableFromInline var batch = RingBuffer<Output>()
    /// After how many more values of `batch` the subscriber reaches its low watermark (0: no report due).
    @usableFromInline var reportAfter = 0

    /// Taking fewer values than this at once means the consumer is catching up with a sender that
    /// is still sending (a quarter of a `.suspend` buffer; 0 for a dropping policy, which takes one
    /// value at a time by design).
    @usableFromInline let fewValues: Int
    /// Whether the last values came in a small run (see ``next(isolation:)``).
    @usableFromInline var tookFew = false

    @inlinable
    init(_ subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>, policy: BufferingPolicy) {
      self.subscription = subscription
      if case .suspend(let capacity) = policy { fewValues = capacity / 4 } else { fewValues = 0 }
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      if !batch.isEmpty { return popHeld(cancelled: Task.isCancelled) }
      if tookFew {
        // A consumer faster than its sender would come back for one or two values at a time and
        // meet the sender at the subject's lock on every value, each taking the lock's cache line
        // from the other (at one subscriber, most of the cost of a delivery). Letting other work
        // run first lets the sender go on alone and the values come in runs; a sender that has
        // stopped costs this one yield before the consumer parks.
        tookFew = false
        await Task.yield()
      }
      let value = try await subscription.storage.next(
        subscription.subscriber, batchingInto: &batch, reportAfter: &reportAfter, isolation: actor)
      tookFew = value != nil && batch.count + 1 < fewValues
      return value
    }

    @inlinable
    public mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Output) -> Void) -> Bool {
      while !batch.isEmpty {
        guard let value = popHeld(cancelled: task.isCancelled) else { return false }
        receive(value)
      }
      return true
    }

    /// The next value of the batch (callers check that it holds one); `nil` when the task is
    /// cancelled: as for a buffered value, a cancelled task ends the subscription instead.
    @inlinable
    mutating func popHeld(cancelled: Bool) -> Output? {
      guard !cancelled else {
        batch.removeAll()
        subscription.storage.cancel(subscription.subscriber)
        return nil
      }
      guard let value = batch.popFirst() else { return nil }
      if reportAfter > 0 {
        reportAfter -= 1
        if reportAfter == 0 {
          subscription.storage.consumedFromBatch(subscription.subscriber, remaining: batch.count)
        }
      }
      return value
    }
  }
}
