/// A subject that replays its latest values: each new subscriber first receives up to
/// `bufferSize` of the most recent values, then every value sent after it subscribed.
///
/// ```swift
/// let recent = ReplaySubject<String, Never>(bufferSize: 2)
/// await recent.send("a"); await recent.send("b"); await recent.send("c")
/// for await post in recent { print(post) }  // "b", "c", then new values
/// ```
///
/// Unlike ``CurrentValueSubject``, a subscriber that joins after ``send(completion:)`` still
/// receives the replayed values, then the completion. Each subscriber has its own bounded
/// buffer (iterate for ``BufferingPolicy/default``, or use ``values(buffering:)``); replayed
/// values are all handed to a new `.suspend` subscriber even beyond its capacity (senders
/// then wait until it has drained), and a `.dropOldest` / `.dropNewest` subscriber applies its
/// policy to them. Values sent after the completion are ignored. When the subject itself is
/// deinitialized, its subscribers finish.
public final class ReplaySubject<Output: Sendable, Failure: Error>: Subject, Sendable {
  public typealias Element = Output

  @usableFromInline let storage: SubjectStorage<Output, Failure>

  /// The most values replayed to a new subscriber.
  public let bufferSize: Int

  /// Creates a subject that replays up to `bufferSize` values (a negative size counts as 0,
  /// which makes it behave like a ``PassthroughSubject`` that also replays nothing after completion).
  public init(bufferSize: Int) {
    self.bufferSize = Swift.max(0, bufferSize)
    storage = SubjectStorage(replayLimit: self.bufferSize, initial: [], replaysAfterCompletion: true)
  }

  deinit {
    storage.complete(.finished)
  }

  /// Delivers `value` to every current subscriber, in the order of sends.
  ///
  /// Suspends while a `.suspend` subscriber's buffer is full, and resumes once that
  /// subscriber has drained half of it. If the sending task is cancelled while it waits,
  /// `send` returns and the value is delivered to no subscriber. Concurrent senders are
  /// not ordered among themselves.
  @inlinable
  nonisolated(nonsending) public func send(_ value: Output) async {
    await storage.send(value, isolation: #isolation)
  }

  /// Delivers `value` only if that needs no waiting: see ``SubjectSendResult``. For
  /// synchronous callers; with only `.dropOldest` / `.dropNewest` subscribers it always delivers.
  ///
  /// ```swift
  /// if subject.trySend(event) == .full { dropped += 1 }
  /// ```
  @inlinable
  @discardableResult
  public func trySend(_ value: Output) -> SubjectSendResult {
    storage.trySend(value)
  }

  /// Ends the subject: each current subscriber gets `completion` after its buffered values,
  /// later subscribers get it at once, and senders waiting for room return.
  nonisolated(nonsending) public func send(completion: Completion<Failure>) async {
    storage.complete(completion)
  }

  /// Subscribe with `policy` instead of ``BufferingPolicy/default``.
  @inlinable
  public func values(buffering policy: BufferingPolicy) -> SubjectValues<Output, Failure> {
    SubjectValues(storage: storage, policy: policy)
  }

  @inlinable
  public func makeAsyncIterator() -> SubjectValues<Output, Failure>.Iterator {
    values(buffering: .default).makeAsyncIterator()
  }
}
