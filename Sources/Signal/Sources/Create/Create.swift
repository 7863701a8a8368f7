extension Publishers {
  /// A cold, back-pressured source for wrapping a callback API: each subscription runs `body`
  /// with a ``Subscriber`` to send values, finish or fail through, and to clean up with.
  ///
  /// ```swift
  /// let readings = Publishers.Create<Reading, SensorError>(buffering: .dropOldest(16)) { subscriber in
  ///   let sensor = Sensor()
  ///   sensor.onReading = { reading in subscriber.trySend(reading) }  // a callback cannot wait
  ///   sensor.onFailure = { error in subscriber.fail(error) }
  ///   subscriber.onCancel { sensor.stop() }
  ///   sensor.start()
  /// }
  ///
  /// let lines = Publishers.Create<String, Never> { subscriber in
  ///   for await line in file.lines { await subscriber.send(line) }  // waits while the buffer is full
  ///   subscriber.finish()
  /// }
  /// ```
  ///
  /// - **Cold, lazy**: every subscription runs `body` again, in a task of its own started by the
  ///   first demand (the first `next()`), never before.
  /// - **Bounded**: the subscriber's buffer holds at most `buffering.capacity` values.
  ///   ``Subscriber/send(_:)`` suspends while a `.suspend` buffer is full;
  ///   ``Subscriber/trySend(_:)`` never waits and reports what happened (``CreateSendResult``):
  ///   `.full` for `.suspend`, `.dropped` when `.dropOldest` / `.dropNewest` lost a value. So a
  ///   callback that produces faster than the consumer reads never grows memory without bound.
  ///   A `.suspend` subscriber takes what is buffered in one go, and those values keep their room
  ///   until it has delivered half the capacity of them or comes back for more: room comes back in
  ///   halves, which is what makes a value cost a fraction of a lock.
  /// - **Ending**: ``Subscriber/finish()`` or ``Subscriber/fail(_:)`` (or `body` throwing) ends
  ///   the stream after the buffered values. `body` returning does not end it: a callback API
  ///   registers its callbacks and returns.
  /// - **Cancelling**: when the subscriber goes away (its task is cancelled or its iterator
  ///   dropped) before the source ended, the buffer is discarded, waiting senders return
  ///   `.terminated`, the body's task is cancelled and every ``Subscriber/onCancel(_:)`` handler
  ///   runs, once.
  public struct Create<Output: Sendable, Failure: Error>: Publisher {
    public typealias Element = Output

    /// The subscriber's buffer: its capacity and what happens when it is full.
    public let buffering: BufferingPolicy
    @usableFromInline let body: @Sendable (Subscriber) async throws(Failure) -> Void

    /// Creates a source whose every subscription runs `body`.
    ///
    /// - Parameters:
    ///   - buffering: the subscriber's buffer (by default ``BufferingPolicy/default``,
    ///     back-pressure with room for 64 values).
    ///   - body: produces the values; it runs in a task of its own, cancelled when the
    ///     subscription ends. A thrown error fails the stream.
    public init(
      buffering: BufferingPolicy = .default,
      _ body: @escaping @Sendable (Subscriber) async throws(Failure) -> Void
    ) {
      self.buffering = buffering
      self.body = body
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(storage: CreateStorage(policy: buffering, body: body), capacity: buffering.capacity)
    }

    /// The iterator of a ``Create``: dropping it, or cancelling its task, ends the subscription.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let lifetime: SubscriptionLifetime<CreateStorage<Output, Failure>>
      /// What a `.suspend` buffer handed over in one lock: returned without locking.
      @usableFromInline var batch: ConsumerBatch<Output>

      @usableFromInline
      init(storage: CreateStorage<Output, Failure>, capacity: Int) {
        lifetime = SubscriptionLifetime(storage)
        // Empty until the first batch: it then swaps storage with the buffer, which both keep.
        batch = ConsumerBatch(capacity: 0, reportInterval: capacity / 2)
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        if let value = batch.popFirst() {
          // Room for a parked sender before the batch is used up, so that it refills while this one drains.
          if batch.unreported >= batch.reportInterval && !batch.elements.isEmpty {
            lifetime.storage.returned(batch.takeUnreported())
          }
          return value
        }
        return try await lifetime.storage.next(&batch, isolation: actor)
      }
    }
  }
}
