import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open connections: admits up to a limit, and on shutdown wakes every connection thread (by
/// shutting its socket down) and waits for all of them to finish.
///
/// A descriptor is closed only under the lock, after it leaves the set, so shutdown never touches a
/// descriptor number the system has already reused.
final class ConnectionRegistry: Sendable {
  private struct State {
    var open: Set<Int32> = []
    var closing = false
  }

  private let state = Mutex(State())
  private let running = DispatchGroup()
  private let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  /// Registers `fd`; `false` when the server is full or shutting down (the caller then closes it).
  func admit(_ fd: Int32) -> Bool {
    state.withLock { state in
      guard !state.closing, state.open.count < limit else { return false }
      state.open.insert(fd)
      running.enter()
      return true
    }
  }

  /// Closes `fd` and marks its thread finished.
  func release(_ fd: Int32) {
    state.withLock { state in
      state.open.remove(fd)
      close(fd)
    }
    running.leave()
  }

  var openCount: Int {
    state.withLock { $0.open.count }
  }

  /// Refuses new connections, wakes the open ones and waits for their threads to end.
  func closeAll() {
    state.withLock { state in
      state.closing = true
      for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
    }
    running.wait()
  }
}
