extension Publishers {
  /// A publisher that performs many ``Performable`` items with bounded concurrency and
  /// delivers each outcome tagged with its item's index.
  /// See ``Performable/publisher(for:retries:clock:when:maxConcurrent:ordering:)``.
  public struct FanIn<Work: Performable>: Publisher {
    public typealias Output = (Int, OptionalOutput<Work.Output, Work.Failure>)
    public typealias Element = Output
    public typealias Failure = Never

    public let items: [Work]
    /// How many more times a failed item is performed before its failure is delivered, and the
    /// wait before each retry.
    public let retries: RetryPolicy
    /// The clock the waits between retries run on.
    public let clock: any Clock<Duration>
    /// Whether (and when) a failed item is performed again: asked about each failure while
    /// retries are left.
    public let decide: @Sendable (Work.Failure) -> RetryDecision
    /// The most items performed at once (at least 1).
    public let maxConcurrent: Int
    public let ordering: FanInOrdering

    /// Creates a fan-in; `maxConcurrent` below 1 counts as 1.
    @inlinable
    public init(
      items: [Work], retries: RetryPolicy = .never, clock: any Clock<Duration> = ContinuousClock(),
      when decide: @escaping @Sendable (Work.Failure) -> RetryDecision = { _ in .retry },
      maxConcurrent: Int = 8, ordering: FanInOrdering = .completion
    ) {
      self.items = items
      self.retries = retries
      self.clock = clock
      self.decide = decide
      self.maxConcurrent = Swift.max(1, maxConcurrent)
      self.ordering = ordering
    }

    /// Creates a fan-in that retries a failed item at once, up to `retries` times (below 0 counts
    /// as 0), when `decide` says so.
    @inlinable
    public init(
      items: [Work], retries: Int,
      when decide: @escaping @Sendable (Work.Failure) -> RetryDecision = { _ in .retry },
      maxConcurrent: Int = 8, ordering: FanInOrdering = .completion
    ) {
      self.init(
        items: items, retries: RetryPolicy(maxRetries: retries), when: decide, maxConcurrent: maxConcurrent,
        ordering: ordering)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let items = items
      let retries = retries
      let clock = clock
      let decide = decide
      let workerCount = Swift.min(maxConcurrent, items.count)
      let window = Self.window(itemCount: items.count, workerCount: workerCount)
      let storage = FanInStorage<Work.Output, Work.Failure>(
        itemCount: items.count,
        window: window,
        workerCount: workerCount,
        ordering: ordering
      ) { storage in
        await withDiscardingTaskGroup { group in
          for _ in 0..<workerCount {
            group.addTask {
              await Self.work(on: items, retries: retries, clock: clock, decide: decide, storage: storage)
            }
          }
        }
      }
      return Iterator(storage: storage, batch: ConsumerBatch(capacity: window, reportInterval: window / 2))
    }

    /// How far item starts may run ahead of the consumer. Wide enough that workers park (a
    /// few microseconds each) once per hundreds of items; no wider than the item count.
    @inlinable
    static func window(itemCount: Int, workerCount: Int) -> Int {
      Swift.max(1, Swift.min(itemCount, Swift.max(4 * workerCount, 256)))
    }

    /// One worker: performs item after item until none is left or the subscription ends.
    @inlinable
    static func work(
      on items: [Work], retries: RetryPolicy, clock: any Clock<Duration>,
      decide: @Sendable (Work.Failure) -> RetryDecision,
      storage: FanInStorage<Work.Output, Work.Failure>
    ) async {
      var outcome: Output?
      while let index = await storage.nextItem(completing: outcome) {
        outcome = (index, await perform(items[index], retries: retries, clock: clock, decide: decide))
      }
    }

    @inlinable
    static func perform(
      _ item: Work, retries: RetryPolicy, clock: any Clock<Duration>,
      decide: @Sendable (Work.Failure) -> RetryDecision
    ) async -> OptionalOutput<Work.Output, Work.Failure> {
      var retriesDone = 0
      while true {
        let output = await OptionalOutput { () async throws(Work.Failure) in try await item.perform() }
        // `decide` hears only about failures that could still be retried, as the retry operator's.
        guard case .failure(let error) = output, retriesDone < retries.maxRetries,
          await retries.waitToRetry(after: retriesDone, decide(error), on: clock)
        else {
          return output
        }
        retriesDone += 1
      }
    }

    /// The iterator of a ``FanIn``. Dropping it, or cancelling the task that iterates it,
    /// cancels every running item and starts no more.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let lifetime: SubscriptionLifetime<FanInStorage<Work.Output, Work.Failure>>
      @usableFromInline var batch: ConsumerBatch<Output>

      @usableFromInline
      init(storage: FanInStorage<Work.Output, Work.Failure>, batch: ConsumerBatch<Output>) {
        lifetime = SubscriptionLifetime(storage)
        self.batch = batch
      }

      @inlinable
      public mutating func next() async -> Output? {
        await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async -> Output? {
        await batch.next(from: lifetime.storage, isolation: actor)
      }
    }
  }
}
