extension Publisher {
  /// Subscribes and calls your closures on the main actor: Combine's
  /// `receive(on: DispatchQueue.main).sink(...)`, checked by the compiler.
  ///
  /// ```swift
  /// @MainActor final class FeedScreen {
  ///   var rows: [String] = []
  ///   var error: String?
  ///
  ///   // Callable from anywhere, even off the main actor:
  ///   nonisolated func bind(to feed: some Publisher<Post, FeedError>) -> AnyCancellable {
  ///     feed.sink(on: MainActor.shared) { completion in
  ///       if case .failure = completion { self.error = "could not load" }
  ///     } receiveValue: { post in
  ///       self.rows.append(post.title)  // main-actor state: no await, no assumeIsolated
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The subscription is made before `sink` returns (a subject delivers whatever is sent
  /// after this call) and served by one task on the main actor: the upstream is iterated
  /// there too and the closures run without a hop per value. Cancelling the token cancels
  /// that task, and `receiveCompletion` is then not called (as with ``Publisher/sink(isolation:receiveCompletion:receiveValue:)-7w28u``).
  @inlinable
  public func sink(
    on mainActor: MainActor,
    receiveCompletion: @escaping @MainActor (Completion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    var iterator = makeAsyncIterator()
    let task = Task { @MainActor in
      await Self.deliver(
        from: &iterator, isolation: MainActor.shared, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
    return AnyCancellable { task.cancel() }
  }

  /// Subscribes and calls your closures isolated to `actor`, which each closure receives
  /// as its first argument.
  ///
  /// ```swift
  /// actor Tally {
  ///   var total = 0
  ///   func add(_ value: Int) { total += value }
  /// }
  /// let tally = Tally()
  /// let subscription = numbers.sink(on: tally) { tally, completion in
  ///   print("done at", tally.total)
  /// } receiveValue: { tally, value in
  ///   tally.add(value)  // synchronous: we are on the actor
  /// }
  /// ```
  ///
  /// The subscription is made before `sink` returns and served by one task on `actor`: the
  /// upstream is iterated there and the closures run there without a hop per value. For the main actor with `@MainActor`
  /// closures, use ``sink(on:receiveCompletion:receiveValue:)-(MainActor,_,_)``.
  @inlinable
  public func sink<Context: Actor>(
    on actor: Context,
    receiveCompletion: @escaping @Sendable (isolated Context, Completion<Failure>) -> Void,
    receiveValue: @escaping @Sendable (isolated Context, Output) -> Void
  ) -> AnyCancellable {
    // Subscribed here; the lock hands the (non-Sendable) iterator over to the actor's task.
    let subscription = Lock<AsyncIterator?>(makeAsyncIterator())
    let task = Task {
      await Self.deliver(
        from: subscription, on: actor, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
    return AnyCancellable { task.cancel() }
  }

  @inlinable
  static func deliver<Context: Actor>(
    from subscription: Lock<AsyncIterator?>,
    on actor: isolated Context,
    receiveCompletion: @Sendable (isolated Context, Completion<Failure>) -> Void,
    receiveValue: @Sendable (isolated Context, Output) -> Void
  ) async {
    guard var iterator = subscription.withLock({ $0.take() }) else { return }
    await deliver(
      from: &iterator,
      isolation: actor,
      receiveCompletion: { receiveCompletion(actor, $0) },
      receiveValue: { receiveValue(actor, $0) })
  }
}

extension Publisher where Failure == Never {
  /// Subscribes and calls `receiveValue` on the main actor, for publishers that cannot fail.
  ///
  /// ```swift
  /// let subscription = unreadCount.sink(on: MainActor.shared) { badge.value = $0 }
  /// ```
  @inlinable
  public func sink(
    on mainActor: MainActor,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    sink(on: mainActor, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  /// Subscribes and calls `receiveValue` isolated to `actor`, for publishers that cannot fail.
  ///
  /// ```swift
  /// let subscription = numbers.sink(on: tally) { tally, value in tally.add(value) }
  /// ```
  @inlinable
  public func sink<Context: Actor>(
    on actor: Context,
    receiveValue: @escaping @Sendable (isolated Context, Output) -> Void
  ) -> AnyCancellable {
    sink(on: actor, receiveCompletion: { _, _ in }, receiveValue: receiveValue)
  }
}
