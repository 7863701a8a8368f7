// Combine's `send` is synchronous; Signal's waits for room (back-pressure), so it is `async`, and
// `trySend(_:)` is the synchronous spelling. A synchronous `send(_:)` here points a Combine
// user at `trySend(_:)` from synchronous code. It is deprecated rather than unavailable: the
// compiler ranks an `async` overload above an unavailable synchronous one in synchronous code,
// so an unavailable overload would never be chosen and the message never shown.

extension StorageBackedSubject {
  /// Combine's synchronous `send(_:)`: deprecated; from synchronous code call
  /// ``StorageBackedSubject/trySend(_:)``, which says whether the value was taken. Does what `trySend(_:)` does.
  ///
  /// ```swift
  /// func typed(_ text: String) {       // synchronous, as Combine view models are
  ///   query.trySend(text)              // not query.send(text)
  /// }
  /// ```
  @available(
    *, deprecated,
    message:
      "send(_:) is async in Signal (it waits while a subscriber's buffer is full); from synchronous code call trySend(_:), which returns .full instead of waiting"
  )
  @available(*, noasync, message: "send(_:) is async: write await subject.send(value)")
  @inlinable
  public func send(_ value: Output) {
    trySend(value)
  }

  /// Ends the subject from synchronous code, as the async `send(completion:)`
  /// does: completing never waits, so it needs no `await`.
  ///
  /// ```swift
  /// func close() { events.send(completion: .finished) }
  /// ```
  @inlinable
  public func send(completion: Completion<Failure>) {
    core.storage.complete(completion)
  }
}
