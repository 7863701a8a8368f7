extension Publisher {
  /// ``Publisher/sink(isolation:receiveCompletion:receiveValue:)-7w28u`` with closures that may `await`: each value's
  /// closure returns before the next value is taken, so slow work slows the publisher down
  /// (back-pressure) instead of piling values up.
  ///
  /// ```swift
  /// let subscription = uploads.sink { completion in
  ///   await log.record(completion)
  /// } receiveValue: { file in
  ///   await uploader.send(file)   // the next file waits for this upload
  /// }
  /// ```
  ///
  /// The subscription is made before `sink` returns, as for the synchronous `sink`. The closures run
  /// in one task on the caller's isolation, in order. Cancelling the token cancels that task: the
  /// closure running at that moment sees its task cancelled, and neither closure is called again.
  ///
  /// - Parameters:
  ///   - isolation: where the closures run; defaults to the caller's isolation.
  ///   - receiveCompletion: called once when the publisher finishes or fails.
  ///   - receiveValue: called for each value, one at a time.
  @inlinable
  public func sink(
    isolation: isolated (any Actor)? = #isolation,
    receiveCompletion: nonisolated(nonsending) @escaping (Completion<Failure>) async -> Void,
    receiveValue: nonisolated(nonsending) @escaping (Output) async -> Void
  ) -> AnyCancellable {
    var iterator = makeAsyncIterator()
    let task = Task {
      // Capturing the isolated parameter makes the task run on that actor, and the closures
      // (nonisolated(nonsending)) run where they are called: there.
      _ = isolation
      do throws(Failure) {
        while let value = try await iterator.next(isolation: isolation) {
          guard !Task.isCancelled else { return }
          await receiveValue(value)
        }
      } catch {
        if !Task.isCancelled { await receiveCompletion(.failure(error)) }
        return
      }
      if !Task.isCancelled { await receiveCompletion(.finished) }
    }
    return AnyCancellable(.cancelTask(task))
  }
}

extension Publisher where Failure == Never {
  /// ``Publisher/sink(isolation:receiveValue:)-3i20j`` with a closure that may `await`: each value's closure
  /// returns before the next value is taken.
  ///
  /// ```swift
  /// let subscription = events.sink { event in await store.apply(event) }
  /// ```
  ///
  /// See ``Publisher/sink(isolation:receiveCompletion:receiveValue:)-4ufjr``.
  @inlinable
  public func sink(
    isolation: isolated (any Actor)? = #isolation,
    receiveValue: nonisolated(nonsending) @escaping (Output) async -> Void
  ) -> AnyCancellable {
    sink(isolation: isolation, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
