/// A synchronous operator's hold on its upstream's iterator, given up (``release()``) the
/// moment the operator finishes before its upstream does: `prefix` after its last value,
/// `first` after its value, `tryMap` when its closure throws.
///
/// Releasing drops the iterator, which ends the upstream subscription at once, as Combine's
/// cancel does: a subject frees the subscriber's slot (and any sender its full buffer held
/// up), a concurrent operator cancels its tasks. Without it a finished iterator that is still
/// held (a `for await` loop that broke out, an iterator kept in a property) would keep its
/// upstream subscribed until it is deinitialized.
@usableFromInline
struct UpstreamIterator<Base: AsyncIteratorProtocol> {
  @usableFromInline var base: Base?

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  @inlinable
  var isReleased: Bool { base == nil }

  /// The upstream's next element; `nil` once released.
  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure) -> Base.Element? {
    // Optional chaining mutates the iterator in place rather than a copy.
    try await base?.next(isolation: actor)
  }

  /// Ends the upstream subscription now.
  @inlinable
  mutating func release() {
    base = nil
  }
}
