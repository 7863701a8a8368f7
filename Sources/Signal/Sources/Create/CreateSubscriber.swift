extension Publishers.Create {
  /// The source's side of one ``Publishers/Create`` subscription: send values, end the stream,
  /// clean up when the subscriber goes away. `Sendable`: hand it to any callback or task.
  ///
  /// ```swift
  /// Publishers.Create<Int, Never> { subscriber in
  ///   let token = ticker.register { tick in subscriber.trySend(tick) }
  ///   subscriber.onCancel { ticker.unregister(token) }
  /// }
  /// ```
  public struct Subscriber: Sendable {
    @usableFromInline let storage: CreateStorage<Output, Failure>

    @usableFromInline
    init(storage: CreateStorage<Output, Failure>) {
      self.storage = storage
    }

    /// Sends `value`, waiting while a `.suspend` buffer is full (back-pressure); never waits
    /// with `.dropOldest` / `.dropNewest`.
    ///
    /// Returns `.enqueued`, `.dropped` (see ``CreateSendResult``), `.terminated` once the stream
    /// is over (also for a sender that was waiting when it ended), or `.full` if the sending task
    /// was cancelled while it waited. Senders that wait get in in the order they came.
    ///
    /// ```swift
    /// for page in 1...10 { await subscriber.send(try await fetch(page)) }
    /// ```
    @inlinable
    @discardableResult
    nonisolated(nonsending) public func send(_ value: Output) async -> CreateSendResult {
      // Decided synchronously in the common case, on the caller's executor: a plain `async` call
      // would hop to the global executor on every value (and back to an actor caller).
      let first = storage.trySend(value)
      guard first == .full else { return first }
      return await storage.sendWaiting(value)
    }

    /// Offers `value` without waiting, for callbacks that cannot `await`: `.enqueued`, `.full`
    /// (a full `.suspend` buffer: the value was not taken), `.dropped` or `.terminated`.
    ///
    /// ```swift
    /// socket.onMessage = { message in
    ///   if subscriber.trySend(message) == .full { socket.pauseReading() }
    /// }
    /// ```
    @inlinable
    @discardableResult
    public func trySend(_ value: Output) -> CreateSendResult {
      storage.trySend(value)
    }

    /// Ends the stream once the buffered values are delivered. Later sends are ignored.
    ///
    /// ```swift
    /// download.onComplete = { subscriber.finish() }
    /// ```
    public func finish() {
      storage.complete(.finished)
    }

    /// Fails the stream with `error` once the buffered values are delivered.
    ///
    /// ```swift
    /// download.onError = { error in subscriber.fail(error) }
    /// ```
    public func fail(_ error: Failure) {
      storage.complete(.failure(error))
    }

    /// Runs `cleanup` once when the subscriber goes away (its task cancelled, its iterator
    /// dropped) before the source finished or failed; at once if it has already gone. It does
    /// not run after ``finish()`` or ``fail(_:)``: the source knows it is done.
    ///
    /// ```swift
    /// subscriber.onCancel { sensor.stop() }
    /// ```
    public func onCancel(_ cleanup: @escaping @Sendable () -> Void) {
      storage.onCancel(cleanup)
    }

    /// Whether values are still accepted: `false` once the stream finished, failed or its
    /// subscriber went away.
    ///
    /// ```swift
    /// while subscriber.isActive, let line = readLine() { await subscriber.send(line) }
    /// ```
    public var isActive: Bool {
      storage.isAccepting
    }
  }
}
