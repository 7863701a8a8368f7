/// The consumer's side of a many-producer subscription: hands out the storage's values one by one
/// from a drained batch, and drains again (parking if need be) only when the batch is spent.
struct ProducerQueueConsumer<Storage: ProducerQueueStorage> {
  private let subscription: SubscriptionLifetime<Storage>
  private var batch: [Storage.Element] = []
  private var cursor = 0
  private var isDone = false
  private var isStarted = false
  /// Room to hand back to producers at the next drain (see ``ProducerQueue/drain(into:refunds:)``).
  var refunds: [Int]

  init(_ storage: Storage, producers: Int) {
    subscription = SubscriptionLifetime(storage)
    refunds = Array(repeating: 0, count: producers)
  }

  var storage: Storage { subscription.storage }

  mutating func next(isolation actor: isolated (any Actor)?) async throws(Storage.Failure) -> Storage.Element? {
    while true {
      if cursor < batch.count {
        defer { cursor &+= 1 }
        return batch[cursor]
      }
      guard !isDone else { return nil }
      batch.removeAll(keepingCapacity: true)
      cursor = 0
      if !isStarted {
        isStarted = true
        storage.startIfNeeded()
      }
      switch await storage.nextBatch(&batch, refunds: &refunds, isolation: actor) {
      case .values:
        continue
      case .ended(.failure(let error)):
        isDone = true
        throw error
      case .ended:
        isDone = true
        return nil
      }
    }
  }

  /// Ends the stream early (the consumer needs no more values): stops every producer.
  mutating func finish() {
    isDone = true
    batch.removeAll()
    cursor = 0
    storage.cancel()
  }
}
