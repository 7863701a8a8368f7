/// The iterator logic of a subscriber of a connection: asks the connection to start at the
/// first `next()` and counts itself out as soon as its stream ends.
@usableFromInline
struct ConnectedIterator<Base: AsyncIteratorProtocol, Storage: ConnectionStorage> {
  @usableFromInline var base: Base
  /// Held until the stream ends; released then, so the subscriber counts out at once.
  @usableFromInline var membership: SubscriptionLifetime<Storage>?
  @usableFromInline var needsStart = true

  @usableFromInline
  init(base: Base, membership: SubscriptionLifetime<Storage>) {
    self.base = base
    self.membership = membership
  }

  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure) -> Base.Element? {
    if needsStart {
      needsStart = false
      if let membership { membership.storage.start(membership.subscriber) }
    }
    let value: Base.Element?
    do {
      value = try await base.next(isolation: actor)
    } catch {
      membership = nil
      throw error
    }
    if value == nil { membership = nil }
    return value
  }
}
