#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread that runs one closure. The blocking socket loops (an HTTP exchange, the demo
/// server's listener and connections) each get one, so they never hold a thread of Swift's cooperative pool.
///
/// Foundation's `Thread` would serve, but it is not in FoundationEssentials, and linking all of Foundation
/// costs every start of `hollow-cli` several milliseconds of loading ICU.
///
/// ```swift
/// guard DetachedThread.start(stackBytes: 256 * 1024, { acceptLoop() }) else { throw ... }
/// ```
package enum DetachedThread {
  /// Starts `body` on a new thread with a stack of `stackBytes`; false when the system refuses another thread.
  package static func start(stackBytes: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    _ = pthread_attr_setstacksize(&attributes, max(stackBytes, Int(PTHREAD_STACK_MIN)))
    let job = Unmanaged.passRetained(Job(body: body))
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    guard pthread_create(&thread, &attributes, { Job.run($0) }, job.toOpaque()) == 0 else {
      job.release()
      return false
    }
    return true
  }

  /// What a new thread runs, handed over as one retained reference.
  private final class Job: Sendable {
    let body: @Sendable () -> Void

    init(body: @escaping @Sendable () -> Void) {
      self.body = body
    }

    static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
      guard let context else { return nil }
      let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
      job.body()
      return nil
    }
  }
}
