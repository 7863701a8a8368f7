/// A subject that broadcasts each value to the subscribers present when it is sent.
///
/// ```swift
/// let taps = PassthroughSubject<String, Never>()
/// let subscription = taps.sink { print("tapped", $0) }
/// await taps.send("like")
/// await taps.send(completion: .finished)
/// ```
///
/// Each subscriber has its own bounded buffer (iterate the subject for
/// ``BufferingPolicy/default``, or use ``values(buffering:)``). ``send(_:)`` suspends while a
/// `.suspend` subscriber's buffer is full, so nothing is lost; `.dropOldest` / `.dropNewest`
/// subscribers never slow the sender. A subscriber that joins after ``send(completion:)``
/// receives just the completion. Values sent after the completion are ignored. When the
/// subject itself is deinitialized, its subscribers finish.
public final class PassthroughSubject<Output: Sendable, Failure: Error>: Subject, Sendable {
  public typealias Element = Output

  @usableFromInline let storage: SubjectStorage<Output, Failure>

  /// Creates a subject with no subscribers.
  public init() {
    storage = SubjectStorage(replayLimit: 0, initial: [], replaysAfterCompletion: false)
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
