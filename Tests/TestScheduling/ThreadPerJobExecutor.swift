import Foundation

/// Runs every job given to it on a thread of its own.
///
/// The server's tests block (sockets, semaphores, the server's own waits). Run on Swift's cooperative pool,
/// which has one thread per core and is shared by every test in the process, two blocking tests at once stop
/// every async test elsewhere (the loaders' integration tests then see no request reach their server for
/// many seconds). Through ``OffCooperativePool`` a test's task prefers this executor, so its blocking code
/// holds a thread of its own instead.
///
/// ```swift
/// try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { blockingWork() }
/// ```
public final class ThreadPerJobExecutor: TaskExecutor {
  public static let shared = ThreadPerJobExecutor()
  private static let marker = "ThreadPerJobExecutor"

  /// Whether the calling thread is one this executor started.
  public static var runsHere: Bool {
    Thread.current.threadDictionary[marker] != nil
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread {
      Thread.current.threadDictionary[Self.marker] = true
      job.runSynchronously(on: executor)
    }.start()
  }
}
