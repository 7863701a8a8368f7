/// The consumer's side of every combining iterator: feeds the events it drains to its
/// combiner.
@usableFromInline
struct UpstreamsConsumer<Combiner: UpstreamsCombiner, Failure: Error> {
  @usableFromInline typealias Storage = UpstreamsStorage<Combiner.Value, Failure>

  @usableFromInline let lifetime: SubscriptionLifetime<Storage>
  @usableFromInline var events: ConsumerBatch<UpstreamEvent<Combiner.Value>>
  @usableFromInline var combiner: Combiner

  @inlinable
  init(_ combiner: Combiner, producers: [Storage.Producer]) {
    self.combiner = combiner
    lifetime = SubscriptionLifetime(Storage(producers: producers, refundsOnDrain: Combiner.refundsOnDrain))
    // Room comes back when the consumer drains (`combineLatest`) or, for `zip`, one output at
    // a time, counted here and handed back at the next drain like a drained value's room.
    events = ConsumerBatch(capacity: 16, reportInterval: .max, countsElements: false)
  }

  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Combiner.Output? {
    // Checked first, so the output that exhausted the combiner has gone out before the end.
    while !combiner.progress.isExhausted {
      switch try await events.next(from: lifetime.storage, isolation: actor) {
      case .value(let value, let index)?:
        if let output = combiner.receive(value, from: index) {
          if !Combiner.refundsOnDrain { events.countUsed(1) }
          return output
        }
      case .finished(let index)?:
        combiner.progress.finish(index)
      case nil:
        return nil
      }
    }
    // Finished before the upstreams: they are released now, not when the iterator goes.
    events.elements.removeAll()
    lifetime.storage.cancel()
    return nil
  }
}
