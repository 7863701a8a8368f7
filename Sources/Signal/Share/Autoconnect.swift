extension ConnectablePublisher {
  /// Connects when the first subscriber asks for a value and cancels the connection when
  /// the last subscriber leaves, like Combine's `autoconnect()`.
  ///
  /// ```swift
  /// let relayed = upstream.multicast { ReplaySubject<Int, Never>(bufferSize: 1) }.autoconnect()
  /// for await value in relayed { print(value) }  // connects at the first next()
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

      @inlinable
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
/// the upstream's connection token as what stops it.
@usableFromInline
final class AutoconnectStorage<Upstream: ConnectablePublisher>: ConnectionOwner {
  @usableFromInline let upstream: Upstream
  private let state = Lock(ConnectionState<Void, AnyCancellable>())
  private let census: CensusScope?

  @usableFromInline
  init(upstream: Upstream) {
    self.upstream = upstream
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  func join() -> ConnectedIterator<Upstream.AsyncIterator, AutoconnectStorage> {
    let id = state.withLock { $0.join {}.id }
    return ConnectedIterator(
      base: upstream.makeAsyncIterator(), membership: ConnectionMembership(owner: self, connectionID: id))
  }

  @usableFromInline
  func start(_ id: Int) {
    guard state.withLock({ $0.start(id) }) != nil else { return }
    let connection = upstream.connect()
    if !state.withLock({ $0.attach(connection, to: id) }) { connection.cancel() }
  }

  @usableFromInline
  func leave(_ id: Int) {
    state.withLock { $0.leave(id) }?.cancel()
  }
}
