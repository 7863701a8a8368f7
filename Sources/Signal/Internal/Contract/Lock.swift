#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by the platform mutex: the lock every Signal storage object holds its
/// state machine in.
///
/// Its API is that of `Synchronization.Mutex`, and so are its safety rules (the value goes
/// in and out as `sending`). We do not use `Mutex` itself because on Linux it is built on
/// raw futex calls that ThreadSanitizer cannot see, so every correctly locked access is
/// reported as a race and CI's TSan run of the stress tests would be blind. The platform
/// mutex (`pthread_mutex_t`, `os_unfair_lock` on Darwin) is intercepted by TSan, costs
/// about the same uncontended, and is what swift-async-algorithms and SwiftNIO lock with.
/// It is `package` (not public) so that SignalTesting's clocks lock the same way.
@usableFromInline
package final class Lock<State>: @unchecked Sendable {
  // @unchecked: `state` is only reachable inside `withLock`, which holds the mutex, and it
  // moves in and out as `sending`, exactly like `Mutex`. LockTests and the TSan stress run
  // would catch an access outside the lock.
  @usableFromInline var state: State
  @usableFromInline let mutex: UnsafeMutablePointer<PlatformMutex>

  @usableFromInline
  package init(_ initialState: sending State) {
    state = initialState
    mutex = UnsafeMutablePointer<PlatformMutex>.allocate(capacity: 1)
    #if canImport(Darwin)
    mutex.initialize(to: os_unfair_lock())
    #else
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
    pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock()
    defer { unlock() }
    return try body(&state)
  }

  @inlinable
  func lock() {
    #if canImport(Darwin)
    os_unfair_lock_lock(mutex)
    #else
    pthread_mutex_lock(mutex)
    #endif
  }

  @inlinable
  func unlock() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(mutex)
    #else
    pthread_mutex_unlock(mutex)
    #endif
  }
}

#if canImport(Darwin)
@usableFromInline typealias PlatformMutex = os_unfair_lock
#else
@usableFromInline typealias PlatformMutex = pthread_mutex_t
#endif
