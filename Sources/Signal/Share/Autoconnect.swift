extension ConnectablePublisher {
  /// Connects when the first subscriber subscribes and cancels the connection when the last
  /// subscriber leaves, like Combine's `autoconnect()`.
  ///
  /// ```swift
  /// let relayed = upstream.multicast { ReplaySubject<Int, Never>(bufferSize: 1) }.autoconnect()
  /// for await value in relayed { print(value) }  // connected when the loop subscribed
  /// ```
  ///
  /// A subscriber leaves when its iterator is dropped, its task is cancelled, or its stream
  /// ends. The next subscriber after the last one left connects again. Unlike ``Publisher/share(replay:buffering:)``,
  /// the subject of a ``Publishers/Multicast`` outlives connections: once it has completed,
  /// later subscribers get only its completion.
  @inlinable
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that connects its connectable upstream on demand. See
  /// ``ConnectablePublisher/autoconnect()``.
  ///
  /// Copies of an `Autoconnect` share one connection.
  public struct Autoconnect<Upstream: ConnectablePublisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public typealias Element = Output

    @usableFromInline let storage: AutoconnectStorage<Upstream>

    @inlinable
    public var upstream: Upstream { storage.upstream }

    @inlinable
    public init(upstream: Upstream) {
      storage = AutoconnectStorage(upstream: upstream)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(storage.join())
    }

    /// One subscriber's iterator: the upstream's iterator, counted in the connection.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var base: ConnectedIterator<Upstream.AsyncIterator, AutoconnectStorage<Upstream>>

      @usableFromInline
      init(_ base: ConnectedIterator<Upstream.AsyncIterator, AutoconnectStorage<Upstream>>) {
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

/// The connection bookkeeping of one ``Publishers/Autoconnect``: ``ConnectionState`` with
/// the upstream's connection token as its subscription.
@usableFromInline
final class AutoconnectStorage<Upstream: ConnectablePublisher>: ConnectionStorage {
  @usableFromInline let upstream: Upstream
  @usableFromInline let state = Lock(ConnectionState<Void, AnyCancellable>())
  @usableFromInline let census = Census()

  @usableFromInline
  init(upstream: Upstream) {
    self.upstream = upstream
  }

  deinit {
    census.objectDestroyed()
  }

  /// The connection token lives in the state, cancelled with its connection.
  @usableFromInline var upstreams: [any ReleasableSubscription] { [] }

  /// Subscribes to the upstream's subject and, for the first subscriber, connects.
  @usableFromInline
  func join() -> ConnectedIterator<Upstream.AsyncIterator, AutoconnectStorage> {
    // Subscribed before connecting, so the first subscriber sees every value.
    let base = upstream.makeAsyncIterator()
    let action = state.withLock { $0.join {} }
    if case .subscribe(let id, _) = action {
      let connection = upstream.connect()
      if case .release = state.withLock({ $0.subscribed(connection, to: id) }) { connection.cancel() }
    }
    return ConnectedIterator(base: base, membership: SubscriptionLifetime(self, subscriber: action.id))
  }

  /// Connected when the first subscriber joined: nothing waits for the first `next()`.
  @usableFromInline
  func start(_ id: Int) {}
}
