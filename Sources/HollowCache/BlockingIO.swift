import Dispatch

/// Runs blocking file work (writes, `fsync`) on a dispatch queue instead of a Swift concurrency thread.
///
/// The cooperative pool has one thread per core; an `fsync` parked there would stall every task on it. On
/// this queue, several syncs wait at once, and the file system commits them together.
///
/// ```swift
/// let name = try await BlockingIO.run { () throws(CacheError) in try EntryFolder.writeTemporary(bytes, in: folder) }
/// ```
enum BlockingIO {
  private static let queue = DispatchQueue(label: "HollowCache.BlockingIO", attributes: .concurrent)

  static func run<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T)
    async throws(Failure) -> T
  {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
      queue.async {
        do throws(Failure) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }
}
