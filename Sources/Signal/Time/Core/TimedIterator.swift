extension Publishers {
  /// The iterator of every time operator (``Debounce``, ``Throttle``, ``Delay``,
  /// ``Timeout``, ``CollectByStrategy``): each iterator is one subscription.
  ///
  /// Making it subscribes to the upstream; the first `next()` starts the subscription's task
  /// (an upstream pump and a timer). Dropping the iterator, or cancelling the task that
  /// iterates it, cancels that task and ends the upstream subscription.
  public struct TimedIterator<Output: Sendable, Failure: Error>: AsyncIteratorProtocol {
    /// The subscription's `next`, made where the operator's types are concrete, so the
    /// subscription runs specialized code; it holds the subscription's lifetime.
    @usableFromInline let pull: @Sendable (isolated (any Actor)?) async throws(Failure) -> Output?

    @inlinable
    init<Upstream: Publisher, C: Clock, Logic: TimedLogic>(_ storage: TimedStorage<Upstream, C, Logic>)
    where Upstream.Failure == Failure, Logic.Output == Output {
      let lifetime = SubscriptionLifetime(storage)
      pull = { actor throws(Failure) in try await lifetime.storage.next(isolation: actor) }
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      try await pull(actor)
    }
  }
}
