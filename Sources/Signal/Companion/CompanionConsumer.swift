/// The consumer's side of every operator with a companion publisher: subscribes when it is
/// made, and drains the outputs the rules kept.
@usableFromInline
struct CompanionConsumer<Logic: CompanionLogic> {
  @usableFromInline typealias Storage = CompanionStorage<Logic>

  @usableFromInline let lifetime: SubscriptionLifetime<Storage>
  @usableFromInline var batch: ConsumerBatch<Logic.Output>

  @inlinable
  init<Upstream: Publisher, Companion: Publisher>(
    _ logic: Logic,
    upstream: Upstream,
    companion: Companion,
    reading read: @escaping @Sendable (Companion.Output) -> Logic.Companion
  )
  where
    Upstream.Output == Logic.Value, Upstream.Failure == Logic.Failure, Companion.Failure == Logic.CompanionFailure
  {
    lifetime = SubscriptionLifetime(Storage(logic, upstream: upstream, companion: companion, reading: read))
    // Draining gives the room back, so there is no progress to report.
    batch = ConsumerBatch(capacity: 16, reportInterval: .max, countsElements: false)
  }

  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Logic.Failure) -> Logic.Output? {
    try await batch.next(from: lifetime.storage, isolation: actor)
  }
}
