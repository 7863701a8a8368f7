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
/// The state and the mutex live in one `ManagedBuffer` allocation and are reached through its
/// pointers, so a lock is one object and an access pays no dynamic exclusivity check.
/// It is `package` (not public) so that SignalTesting's clocks lock the same way.
@usableFromInline
package struct Lock<State>: @unchecked Sendable {
  // @unchecked: the state is only reachable inside `withLock`, which holds the mutex, and it
  // moves in and out as `sending`, exactly like `Mutex`. LockTests and the TSan run of the
  // stress tests would catch an access outside the lock.
  @usableFromInline let storage: LockStorage<State>

  @inlinable
  package init(_ initialState: sending State) {
    storage = LockStorage.make(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    let (state, mutex) = storage.pointers
    Self.lock(mutex)
    defer { Self.unlock(mutex) }
    return try body(&state.pointee)
  }

  @inlinable
  static func lock(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    #if canImport(Darwin)
    os_unfair_lock_lock(mutex)
    #else
    pthread_mutex_lock(mutex)
    #endif
  }

  @inlinable
  static func unlock(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    #if canImport(Darwin)
    os_unfair_lock_unlock(mutex)
    #else
    pthread_mutex_unlock(mutex)
    #endif
  }
}

/// The one allocation of a ``Lock``: the state as the header, the mutex as the one element.
@usableFromInline
package final class LockStorage<State>: ManagedBuffer<State, PlatformMutex> {
  @inlinable
  static func make(_ initialState: sending State) -> LockStorage {
    let buffer = create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { mutex in
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        #if canImport(Glibc)
        // Adaptive, as PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP makes it: a thread that finds the
        // lock held spins briefly before sleeping in the kernel. Every critical section here is a
        // few dozen nanoseconds, so a producer and a consumer meeting at one lock (a subject
        // and its sink) would otherwise pay a futex sleep and wake for a wait shorter than both.
        var adaptive = pthread_mutex_t()
        adaptive.__data.__kind = Int32(PTHREAD_MUTEX_ADAPTIVE_NP)
        mutex.initialize(to: adaptive)
        #else
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
        #endif
      }
      return initialState
    }
    return unsafeDowncast(buffer, to: LockStorage.self)
  }

  /// The state and the mutex. Stable for the object's lifetime: a `ManagedBuffer`'s storage is
  /// part of the object, which never moves, and every caller holds the object.
  @inlinable
  var pointers: (state: UnsafeMutablePointer<State>, mutex: UnsafeMutablePointer<PlatformMutex>) {
    withUnsafeMutablePointers { ($0, $1) }
  }

  deinit {
    withUnsafeMutablePointerToElements { mutex in
      #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
      #endif
      _ = mutex.deinitialize(count: 1)
    }
  }
}

#if canImport(Darwin)
@usableFromInline package typealias PlatformMutex = os_unfair_lock
#else
@usableFromInline package typealias PlatformMutex = pthread_mutex_t
#endif
