/// The sending and subscribing API that ``PassthroughSubject``, ``CurrentValueSubject`` and
/// ``ReplaySubject`` share, written once: each subject only says how its ``SubjectCore`` starts
/// (which values it replays, and whether after the completion).
///
/// Signal's three subjects are its conformers; the protocol is public so that their shared
/// methods can be inlined into your code.
///
/// ```swift
/// func shout<S: StorageBackedSubject<String, Never>>(_ subject: S) async {
///   await subject.send("hello")
/// }
/// ```
public protocol StorageBackedSubject<Output, Failure>: Subject, Sendable
where Output: Sendable, AsyncIterator == SubjectValues<Output, Failure>.Iterator {
  /// The subject's shared state.
  var core: SubjectCore<Output, Failure> { get }
}

extension StorageBackedSubject {
  /// Delivers `value` to every current subscriber, in the order of sends.
  ///
  /// Suspends while a `.suspend` subscriber's buffer is full, and resumes once that
  /// subscriber has drained half of it. If the sending task is cancelled while it waits,
  /// `send` returns and the value is delivered to no subscriber. Concurrent senders are
  /// not ordered among themselves.
  ///
  /// Coming from Combine, where `send` is synchronous: from synchronous code call
  /// ``StorageBackedSubject/trySend(_:)``, which never waits and says whether the value was taken.
  ///
  /// ```swift
  /// await subject.send(1)
  /// ```
  @inlinable
  nonisolated(nonsending) public func send(_ value: Output) async {
    // The common case decides synchronously: calling an `isolated`-parameter function would hop
    // to the caller's executor on every send (a task-status lock when that is the global one).
    if core.storage.trySend(value) == .full { await core.storage.sendWhenRoom(value, isolation: #isolation) }
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
    core.storage.trySend(value)
  }

  /// Ends the subject: each current subscriber gets `completion` after its buffered values,
  /// later subscribers get it at once, and senders waiting for room return.
  ///
  /// ```swift
  /// await subject.send(completion: .finished)
  /// ```
  @inlinable
  nonisolated(nonsending) public func send(completion: Completion<Failure>) async {
    core.storage.complete(completion)
  }

  /// Subscribe with `policy` instead of ``BufferingPolicy/default``.
  ///
  /// ```swift
  /// for await value in subject.values(buffering: .dropOldest(8)) { render(value) }
  /// ```
  @inlinable
  public func values(buffering policy: BufferingPolicy) -> SubjectValues<Output, Failure> {
    SubjectValues(storage: core.storage, policy: policy)
  }

  @inlinable
  public func makeAsyncIterator() -> SubjectValues<Output, Failure>.Iterator {
    values(buffering: .default).makeAsyncIterator()
  }
}
