/// A publisher that does nothing until you call ``connect()``, like Combine's
/// `ConnectablePublisher`: subscribers can all be in place before any value flows.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Subscribes to the upstream; cancel the returned token to stop.
  func connect() -> AnyCancellable
}

extension Publisher {
  /// Sends the upstream's values through a subject that `createSubject` makes, so that every
  /// subscriber sees the same values; the upstream starts only when you call
  /// ``Publishers/Multicast/connect()``.
  ///
  /// ```swift
  /// let feed = fetchFeed().multicast { PassthroughSubject<Post, FeedError>() }
  /// let titles = Task { await feed.map(\.title).allValues() }
  /// let count = Task { await feed.count() }
  /// // ...once both iterators exist (see the note below):
  /// let connection = feed.connect()
  /// ```
  ///
  /// `createSubject` runs once, when the first subscriber or the first ``Publishers/Multicast/connect()``
  /// needs the subject; every subscriber subscribes to that one subject, with the subject's
  /// own buffering (see ``Subject``). A subscriber exists once its iterator exists: a task
  /// that has not yet begun iterating is not yet subscribed.
  @inlinable
  public func multicast<SubjectType: Subject<Output, Failure>>(
    _ createSubject: @escaping @Sendable () -> SubjectType
  ) -> Publishers.Multicast<Self, SubjectType> {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Sends the upstream's values through `subject` once you call ``Publishers/Multicast/connect()``.
  ///
  /// ```swift
  /// let relay = PassthroughSubject<Int, Never>()
  /// let numbers = (1...3).publisher.multicast(subject: relay)
  /// ```
  @inlinable
  public func multicast<SubjectType: Subject<Output, Failure>>(
    subject: SubjectType
  ) -> Publishers.Multicast<Self, SubjectType> {
    Publishers.Multicast(upstream: self, createSubject: { subject })
  }
}

extension Publishers {
  /// A connectable publisher that relays its upstream through one subject. See
  /// ``Publisher/multicast(_:)``.
  ///
  /// Each ``connect()`` starts one upstream subscription (one task) feeding the subject,
  /// until the upstream completes (the subject then sends that completion to its
  /// subscribers) or the returned token is cancelled (the subject is left open). As in
  /// Combine, connecting twice subscribes twice, and the subject outlives connections:
  /// once it has completed, later connections and subscribers see only that completion.
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, Sendable
  where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public typealias Element = Output
    public typealias AsyncIterator = SubjectType.AsyncIterator

    public let upstream: Upstream
    public let createSubject: @Sendable () -> SubjectType
    @usableFromInline let lazySubject = Lock<SubjectType?>(nil)

    public init(upstream: Upstream, createSubject: @escaping @Sendable () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The one subject, made on first use.
    @usableFromInline var subject: SubjectType {
      lazySubject.withLock { subject in
        if let subject { return subject }
        let made = createSubject()
        subject = made
        return made
      }
    }

    public func makeAsyncIterator() -> SubjectType.AsyncIterator {
      subject.makeAsyncIterator()
    }

    /// Subscribes the subject to the upstream: subscribed when this returns, and fed by a new
    /// task.
    ///
    /// ```swift
    /// let connection = multicast.connect()
    /// connection.cancel()  // stops the upstream; subscribers stay subscribed to the subject
    /// ```
    @inlinable
    public func connect() -> AnyCancellable {
      let connection = MulticastConnectionStorage(subscribingTo: upstream, feeding: subject)
      connection.start()
      return AnyCancellable { connection.cancel() }
    }
  }
}
