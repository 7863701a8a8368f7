import Synchronization

/// Counts the live shared-state objects and parked continuations that Signal's
/// concurrent types create, so a stress test can prove that nothing is left behind.
///
/// Counting is opt-in and scoped: a storage object reads ``Census/scope`` once, when it
/// is created, and reports to that scope only. Task-locals are inherited by child and
/// unstructured tasks, so everything a test starts is counted, and tests running in
/// parallel in the same process do not see each other's objects. Outside a scope the
/// cost is one task-local read per storage object, never per element.
@usableFromInline
final class CensusScope: Sendable {
  /// Storage objects created in this scope and not yet deinitialized.
  let liveObjects = Atomic<Int>(0)
  /// Continuations parked by objects of this scope and not yet resumed.
  let parkedContinuations = Atomic<Int>(0)

  init() {}

  var isQuiet: Bool {
    liveObjects.load(ordering: .acquiring) == 0 && parkedContinuations.load(ordering: .acquiring) == 0
  }
}

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
