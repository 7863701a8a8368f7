import Testing

@testable import Signal

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LockTests {
  @Test func guardsTheStateAgainstConcurrentWriters() async {
    let lock = Lock(0)
    let tasks = 8
    let increments = 10_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<increments { lock.withLock { $0 += 1 } }
        }
      }
    }
    // A lost update (an access outside the mutex) would leave the count short.
    #expect(lock.withLock { $0 } == tasks * increments)
  }

  @Test func returnsTheBodysResultAndRethrowsItsTypedError() {
    enum Refused: Error { case refused }
    let lock = Lock([1, 2, 3])
    #expect(lock.withLock { $0.removeLast() } == 3)
    #expect(throws: Refused.refused) {
      try lock.withLock { (_: inout [Int]) throws(Refused) -> Void in throw .refused }
    }
    // The lock was released by the throw: taking it again does not deadlock.
    #expect(lock.withLock { $0 } == [1, 2])
  }

  #if canImport(Glibc)
  @Test func isAnAdaptiveMutexOnGlibc() {
    // A producer and a consumer meeting at a subject's lock spin briefly instead of sleeping in
    // the kernel for a critical section of a few dozen nanoseconds (Docs/Performance.md).
    let lock = Lock(0)
    #expect(lock.storage.pointers.mutex.pointee.__data.__kind == Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    lock.withLock { $0 += 1 }
    #expect(lock.withLock { $0 } == 1)
  }
  #endif
}
