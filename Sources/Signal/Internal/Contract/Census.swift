import Synchronization

/// One storage object's entry in the census: made in the storage's `init`, told about every
/// continuation the storage parks and resumes, and about the storage's `deinit`.
///
/// Every ``SubscriptionStorage`` reports through its `census`, and only through the
/// contract's park and resume, so no operator counts on its own. The methods are not
/// inlined: the per-element paths that call them need none of the census's internals.
@usableFromInline
struct Census: Sendable {
  /// The scope that storage objects created in this task report to; `nil` (no counting)
  /// unless a test sets it.
  @TaskLocal static var scope: CensusScope?

  let registeredScope: CensusScope?

  /// Registers a new storage object with the current scope.
  @usableFromInline
  init() {
    let scope = Census.scope
    scope?.liveObjects.add(1, ordering: .relaxed)
    registeredScope = scope
  }

  /// Call from the storage's `deinit`.
  @usableFromInline
  func objectDestroyed() {
    registeredScope?.liveObjects.subtract(1, ordering: .releasing)
  }

  @usableFromInline
  func parked(_ count: Int = 1) {
    registeredScope?.parkedContinuations.add(count, ordering: .relaxed)
  }

  @usableFromInline
  func resumed(_ count: Int = 1) {
    registeredScope?.parkedContinuations.subtract(count, ordering: .releasing)
  }
}
