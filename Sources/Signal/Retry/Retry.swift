extension Publisher {
  /// Subscribes to the upstream again, up to `retries` times, when it fails.
  ///
  /// ```swift
  /// for try await post in Deferred { fetchPosts() }.retry(2) { show(post) }  // at most 3 attempts
  /// ```
  ///
  /// As in Combine, values already published stay published: a retry starts a fresh
  /// subscription, which may publish the same values again. After the last retry the
  /// failure is passed on. A negative count counts as zero. A cancelled task is not
  /// re-subscribed: the failure is passed on at once.
  @inlinable
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }

  /// ``retry(_:)`` with a wait before each retry, on `clock`.
  ///
  /// ```swift
  /// // At most 4 attempts, waiting 0.5 s, 1 s, then 2 s, each shortened by a random part:
  /// let posts = Deferred { fetchPosts() }
  ///   .retry(3, delay: .exponential(initial: .milliseconds(500), maximum: .seconds(5)).jittered(), clock: ContinuousClock())
  /// ```
  ///
  /// The failed subscription is released before the wait, so a hot upstream does not hold a
  /// slot for it; the new one is made when the wait ends. Cancelling the task during the
  /// wait ends it at once and passes the failure on. Test it on a `TestClock`.
  @inlinable
  public func retry<C: Clock<Duration>>(_ retries: Int, delay: Backoff, clock: C) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, policy: RetryPolicy(maxRetries: retries, backoff: delay), clock: clock)
  }

  /// Retries as `policy` says, asking `decide` about each failure first: retry after the
  /// backoff, retry after a wait of its own (a server's `Retry-After`), or give up.
  ///
  /// ```swift
  /// let answer = request.publisher.retry(.upTo(2, backoff: .constant(.seconds(1))), clock: clock) { error in
  ///   error.isTransient ? .retry : .fail
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - policy: how many retries at most, and the backoff between them.
  ///   - clock: the clock the waits run on (by default `ContinuousClock`).
  ///   - decide: called with every failure while retries are left; by default, retry every failure.
  @inlinable
  public func retry<C: Clock<Duration>>(
    _ policy: RetryPolicy, clock: C = ContinuousClock(),
    when decide: @escaping @Sendable (Failure) -> RetryDecision = { _ in .retry }
  ) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, policy: policy, clock: clock, decide: decide)
  }
}

extension Publishers {
  /// A publisher that re-subscribes to its upstream after a failure, at once or after a
  /// backoff. See ``Publisher/retry(_:)`` and ``Publisher/retry(_:clock:when:)``.
  public struct Retry<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// How many retries, and the wait before each.
    public let policy: RetryPolicy
    /// The clock the waits run on.
    public let clock: any Clock<Duration>
    /// Whether (and when) a failure is retried.
    public let decide: @Sendable (Failure) -> RetryDecision

    /// The most re-subscriptions after failures; never negative.
    @inlinable
    public var retries: Int { policy.maxRetries }

    /// Retries every failure at once, up to `retries` times.
    @inlinable
    public init(upstream: Upstream, retries: Int) {
      self.init(upstream: upstream, policy: RetryPolicy(maxRetries: retries), clock: ContinuousClock())
    }

    /// Retries as `policy` and `decide` say, waiting on `clock`.
    @inlinable
    public init(
      upstream: Upstream, policy: RetryPolicy, clock: any Clock<Duration>,
      decide: @escaping @Sendable (Failure) -> RetryDecision = { _ in .retry }
    ) {
      self.upstream = upstream
      self.policy = policy
      self.clock = clock
      self.decide = decide
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(self)
    }

    /// The iterator of a ``Retry``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let publisher: Retry
      @usableFromInline var subscription: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline var retriesDone = 0

      @inlinable
      init(_ publisher: Retry) {
        self.publisher = publisher
        self.subscription = UpstreamIterator(publisher.upstream.makeAsyncIterator())
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while true {
          do throws(Failure) {
            return try await subscription.next(isolation: actor)
          } catch {
            guard retriesDone < publisher.policy.maxRetries, !Task.isCancelled else { throw error }
            subscription.release()
            let decision = publisher.decide(error)
            guard await publisher.policy.waitToRetry(after: retriesDone, decision, on: publisher.clock) else {
              throw error
            }
            retriesDone += 1
            subscription = UpstreamIterator(publisher.upstream.makeAsyncIterator())
          }
        }
      }
    }
  }
}
