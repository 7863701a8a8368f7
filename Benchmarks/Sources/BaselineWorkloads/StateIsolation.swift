#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The ablation behind Signal's storage design: what one shared-state update per element costs
// when the state is isolated by an actor (every update is an `await` on the actor, with the
// executor switches that implies) versus a lock around the same state, with two tasks
// contending as a merge's producers and consumer do.

/// The shared state as an actor.
actor ActorCounter {
  var value = 0
  func add(_ amount: Int) { value &+= amount }
}

/// The shared state behind a pthread mutex, as Signal's `Lock` holds it.
final class LockedCounter: @unchecked Sendable {
  // @unchecked: `value` is only touched between lock and unlock below; `lockedUpdates`
  // checks the exact total on every run (CI runs it), so a lost update would stop the bench.
  private var value = 0
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }
  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func add(_ amount: Int) {
    pthread_mutex_lock(mutex)
    value &+= amount
    pthread_mutex_unlock(mutex)
  }

  var total: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return value
  }
}

/// `n` updates split over two tasks, each an actor call.
public func actorUpdates(_ n: Int) async -> Int {
  let counter = ActorCounter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
      group.addTask {
        for value in 0..<(n / 2) { await counter.add(value) }
      }
    }
  }
  return await counter.value
}

/// `n` updates split over two tasks, each under a lock.
public func lockedUpdates(_ n: Int) async -> Int {
  let counter = LockedCounter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
      group.addTask {
        for value in 0..<(n / 2) { counter.add(value) }
      }
    }
  }
  let half = n / 2
  let expected = 2 &* (half &* (half &- 1) / 2)
  precondition(counter.total == expected, "lost updates: \(counter.total) != \(expected)")
  return counter.total
}
