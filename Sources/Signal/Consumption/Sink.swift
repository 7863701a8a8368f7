extension Publisher {
  /// Subscribes and calls your closures for every value and for the completion, until the
  /// returned token is cancelled or deinitialized.
  ///
  /// ```swift
  /// @MainActor final class FeedView {
  ///   var posts: [Post] = []
  ///   var subscriptions = Set<AnyCancellable>()
  ///   func bind(_ feed: some Publisher<Post, FeedError>) {
  ///     feed.sink { completion in
  ///       if case .failure(let error) = completion { self.show(error) }
  ///     } receiveValue: { post in
  ///       self.posts.append(post)  // runs on the main actor
  ///     }
  ///     .store(in: &subscriptions)
  ///   }
  /// }
  /// ```
  ///
  /// The subscription is made before `sink` returns, so a subject delivers whatever is sent
  /// after this call. It is then served by a new task that inherits the caller's isolation: created on
  /// the main actor (or any actor), the closures run there, in order, and need not be
  /// `@Sendable`. On a subject, that task starts before `sink` returns and runs until it has to
  /// wait, so a `CurrentValueSubject`'s value or a `ReplaySubject`'s replay arrives during the call,
  /// as in Combine. Cancelling the token (also from inside `receiveValue`) cancels that task:
  /// neither closure is called again, the upstream stops, and `receiveCompletion` is not called
  /// (as in Combine).
  ///
  /// - Parameters:
  ///   - isolation: where the closures run; defaults to the caller's isolation.
  ///   - receiveCompletion: called once when the publisher finishes or fails.
  ///   - receiveValue: called for each value.
  @inlinable
  public func sink(
    isolation: isolated (any Actor)? = #isolation,
    receiveCompletion: @escaping (Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    // Subscribe now, not when the task first runs: a hot publisher (a subject) must deliver
    // what is sent right after `sink` returns, as Combine's synchronous subscription does.
    var iterator = makeAsyncIterator()
    // An immediate chain (`Just(1).map { … }`, a collection's publisher) is delivered here, before
    // `sink` returns, as Combine delivers it, with no task at all.
    if AsyncIterator.isImmediate {
      var completion: Completion<Failure>?
      _ = iterator.takeNow(while: { completion == nil }) { event in
        switch event {
        case .value(let value): receiveValue(value)
        case .finished: completion = .finished
        case .failed(let error): completion = .failure(error)
        }
      }
      if let completion { receiveCompletion(completion) }
      return AnyCancellable(.nothing)
    }
    let task: Task<Void, Never>
    if AsyncIterator.self is any _HoldingIterator.Type {
      // A subject (or map, filter, compactMap over one): its task starts here, on the caller's executor, and
      // runs until it has to wait, so a current or replayed value is delivered before `sink` returns, as
      // Combine delivers it, and a subscriber that parks costs no thread hand-over. Bounded: a subject holds
      // at most its buffer, and the loop parks once that is delivered.
      task = Task.immediate {
        _ = isolation
        await Self.deliver(
          from: &iterator, isolation: isolation, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
      }
    } else {
      task = Task {
        // Capturing the isolated parameter makes the task run on that actor.
        _ = isolation
        await Self.deliver(
          from: &iterator, isolation: isolation, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
      }
    }
    return AnyCancellable(.cancelTask(task))
  }

  /// The loop of every `sink`: iterates on `isolation` and calls the closures there.
  /// Once the task is cancelled (by the token, also from inside `receiveValue`), no value and
  /// no completion is reported, even one the iterator already holds.
  ///
  /// Always inlined into the sink's task: called, it is one more async frame and two more executor switches per
  /// sink (each a 16-byte compare-and-swap on the task), and its frame on top of the task's pushed a subject sink's
  /// first park into a second task-allocator slab, a malloc more (a sink's start and end about a third dearer).
  @inlinable
  @inline(always)
  static func deliver(
    from iterator: inout AsyncIterator,
    isolation: isolated (any Actor)?,
    receiveCompletion: (Completion<Failure>) -> Void,
    receiveValue: (Output) -> Void
  ) async {
    do throws(Failure) {
      while let value = try await iterator.next(isolation: isolation) {
        // Checked right before the call, with no suspension in between: a cancel() that
        // returned before this point, here or on the sink's actor, is always seen.
        guard !Task.isCancelled else { return }
        receiveValue(value)
        // The values the iterator took with this one, without an `await` or a task lookup each.
        guard iterator.deliverHeld(to: receiveValue) else { return }
      }
    } catch {
      if !Task.isCancelled { receiveCompletion(.failure(error)) }
      return
    }
    if !Task.isCancelled { receiveCompletion(.finished) }
  }
}

extension Publisher where Failure == Never {
  /// Subscribes and calls `receiveValue` for every value, until the returned token is
  /// cancelled or deinitialized.
  ///
  /// ```swift
  /// let subscription = subject.sink { print("got", $0) }
  /// ```
  ///
  /// The closure runs in a task that inherits the caller's isolation (see
  /// ``Publisher/sink(isolation:receiveCompletion:receiveValue:)-7w28u``).
  @inlinable
  public func sink(
    isolation: isolated (any Actor)? = #isolation,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    sink(isolation: isolation, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
