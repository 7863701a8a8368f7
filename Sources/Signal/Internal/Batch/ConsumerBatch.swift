/// The elements a consumer took from a shared buffer in one lock acquisition.
///
/// Draining a batch takes no lock, which is what makes consuming an element cheap. The
/// consumer tells the producing side how many elements it has used only every
/// `reportInterval` elements (and whenever it comes back for more), so that side can keep
/// its bound on unconsumed elements without a lock per element.
@usableFromInline
struct ConsumerBatch<Element> {
  @usableFromInline var elements: RingBuffer<Element>
  @usableFromInline var unreported = 0
  @usableFromInline let reportInterval: Int
  /// `false` when the consumer's progress is not one per element and it counts it itself
  /// (``countUsed(_:)``): `zip` frees its upstreams' room one tuple at a time.
  @usableFromInline let countsElements: Bool
  /// The task running the producers, once the first demand started it: the consumer waits for it
  /// when the stream ends, so no work of the subscription outlives its last `next()`.
  @usableFromInline var producers: Task<Void, Never>?
  /// Whether the last refill brought only a few elements (see ``BatchStateMachine/yieldsAfterFewValues``).
  @usableFromInline var tookFew = false

  @usableFromInline
  init(capacity: Int, reportInterval: Int, countsElements: Bool = true) {
    elements = RingBuffer(minimumCapacity: capacity)
    self.reportInterval = Swift.max(1, reportInterval)
    self.countsElements = countsElements
  }

  /// The next element: from the batch without locking, or from `storage` when the batch is
  /// used up. `nil` at the end of the stream, and as soon as the consuming task is cancelled
  /// (what is left of the batch is discarded, the subscription cancelled, and its producers
  /// waited for).
  @inlinable
  mutating func next<Storage: BatchStorage>(
    from storage: Storage,
    isolation actor: isolated (any Actor)?
  ) async throws(Storage.Failure) -> Element? where Storage.Element == Element {
    if !elements.isEmpty {
      guard !Task.isCancelled else {
        elements.removeAll()
        storage.cancel()
        await producers.take()?.value
        return nil
      }
      let element = popFirst()
      // The refill reports anyway, so only a batch with elements left reports early.
      if unreported >= reportInterval && !elements.isEmpty { storage.reportConsumed(takeUnreported()) }
      return element
    }
    guard try await storage.refill(&self, isolation: actor) else { return nil }
    return popFirst()
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard let element = elements.popFirst() else { return nil }
    if countsElements { unreported += 1 }
    return element
  }

  /// Counts `count` more units of progress, for a batch that does not count its elements.
  @inlinable
  mutating func countUsed(_ count: Int) {
    unreported += count
  }

  @inlinable
  mutating func takeUnreported() -> Int {
    defer { unreported = 0 }
    return unreported
  }
}
