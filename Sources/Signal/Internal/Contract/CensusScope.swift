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
