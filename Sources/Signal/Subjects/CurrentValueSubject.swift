/// A subject that holds a current value: new subscribers receive it first, then every
/// value sent after they subscribed.
///
/// ```swift
/// let online = CurrentValueSubject<Bool, Never>(false)
/// await online.send(true)
/// print(online.value)  // true
/// for await isOnline in online { updateBadge(isOnline) }  // true, then later changes
/// ```
///
/// ``send(_:)`` updates ``value`` when the value is delivered. Each subscriber has its own
/// bounded buffer (iterate for ``BufferingPolicy/default``, or use ``values(buffering:)``);
/// ``send(_:)`` suspends while a `.suspend` subscriber's buffer is full. As in Combine, a
/// subscriber that joins after ``send(completion:)`` receives just the completion, while
/// ``value`` keeps the last value. Values sent after the completion are ignored. When the
/// subject itself is deinitialized, its subscribers finish.
public final class CurrentValueSubject<Output: Sendable, Failure: Error>: Subject, Sendable {
  public typealias Element = Output

  @usableFromInline let storage: SubjectStorage<Output, Failure>

  /// Creates a subject whose current value is `value`.
  public init(_ value: Output) {
    storage = SubjectStorage(replayLimit: 1, initial: [value], replaysAfterCompletion: false)
  }

  deinit {
    storage.complete(.finished)
  }

  /// The latest value delivered (or the initial value).
  public var value: Output {
    // The replay window of one always holds a value: it starts with the initial value.
    guard let value = storage.currentValue else { preconditionFailure("a current value is always present") }
    return value
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
