extension Publisher where Output: Sendable {
  /// Shares one upstream subscription among all subscribers, each with the default bounded
  /// buffer (``BufferingPolicy/default``).
  ///
  /// ```swift
  /// let posts = fetchFeed().share()
  /// async let titles = posts.map(\.title).allValues()
  /// async let count = posts.count()
  /// ```
  ///
  /// See ``share(replay:buffering:)`` for when the upstream starts and stops.
  @inlinable
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self, replay: 0, policy: .default)
  }

  /// Shares one upstream subscription among all subscribers; late subscribers first
  /// receive the last `replay` values of the running upstream.
  ///
  /// ```swift
  /// let status = connectionStatus().share(replay: 1, buffering: .dropOldest(1))
  /// for await state in status { render(state) }  // the current state first, then changes
  /// ```
  ///
  /// - The upstream is subscribed once, when the first subscriber subscribes (a hot upstream
  ///   loses nothing sent after that), and read from the first `next()` of any subscriber,
  ///   so subscribers whose iterators exist before the first `next()` all see every value.
  /// - Each subscriber has its own bounded buffer with `policy`. A `.suspend` subscriber
  ///   that is full suspends the upstream for everybody (back-pressure); `.dropOldest` /
  ///   `.dropNewest` subscribers never slow it down.
  /// - The completion or failure reaches every subscriber after its buffered values.
  /// - When the last subscriber leaves (its iterator is dropped, its task is cancelled, or
  ///   its stream ended), the upstream task is cancelled. A subscriber that comes after that,
  ///   or after the upstream completed, subscribes to the upstream afresh (with an empty
  ///   replay window).
  ///
  /// - Parameters:
  ///   - replay: how many of the latest values a subscriber joining a running upstream
  ///     receives first (a negative count means none).
  ///   - policy: the buffering policy of each subscriber.
  @inlinable
  public func share(replay: Int = 0, buffering policy: BufferingPolicy = .default) -> Publishers.Share<Self> {
    Publishers.Share(upstream: self, replay: replay, policy: policy)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream among all its subscribers.
  /// See ``Publisher/share(replay:buffering:)``.
  ///
  /// Copies of a `Share` are the same share: they have the same subscribers and upstream
  /// subscription.
  public struct Share<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public typealias Element = Output

    @usableFromInline let storage: ShareStorage<Upstream>
    /// The buffering policy of each subscriber.
    public let policy: BufferingPolicy
    /// How many of the latest values a subscriber joining a running upstream receives first.
    public let replay: Int

    @inlinable
    public var upstream: Upstream { storage.upstream }

    @inlinable
    public init(upstream: Upstream, replay: Int = 0, policy: BufferingPolicy = .default) {
      self.replay = Swift.max(0, replay)
      self.policy = policy
      storage = ShareStorage(upstream: upstream, replay: self.replay) { subscription, subject in
        await Pump.run(subscription, into: subject)
      }
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(storage.join(policy: policy))
    }

    /// One subscriber's iterator. Values already buffered are returned without suspending.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var base: ConnectedIterator<SubjectValues<Output, Failure>.Iterator, ShareStorage<Upstream>>

      @inlinable
      init(_ base: ConnectedIterator<SubjectValues<Output, Failure>.Iterator, ShareStorage<Upstream>>) {
        self.base = base
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await base.next(isolation: actor)
      }
    }
  }
}
