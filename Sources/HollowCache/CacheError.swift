/// Why a cache operation failed.
///
/// Messages name the operation, the path and the system error, never a key's contents or a token: keys are
/// stored under their SHA-256 and may carry namespace hashes only.
///
/// ```swift
/// do {
///   try await cache.set(hugeData, forKey: "k")
/// } catch .entryTooLarge(let size, let limit) {
///   print("skipped: \(size) bytes > \(limit)")
/// } catch {
///   print(error)  // e.g. "cannot create the cache folder /x/hollow: Permission denied"
/// }
/// ```
public enum CacheError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No cache folder could be resolved: no override, no `XDG_CACHE_HOME` and no home folder.
  case noCacheDirectory
  /// The cache folder could not be created or opened (`code` is the `errno`).
  case directoryUnavailable(path: String, code: Int32)
  /// The cache folder is not one this user may trust: a symbolic link, not a folder, or owned by another user
  /// (whoever owns it could plant links and FIFOs in it). Nothing in it was touched.
  case unsafeDirectory(path: String, reason: String)
  /// A file operation failed (`code` is the `errno`).
  case ioFailed(operation: String, path: String, code: Int32)
  /// The entry (payload bytes) exceeds the entry-size cap or could never fit under the size limit.
  case entryTooLarge(size: Int, limit: Int)
  /// The key is longer than an entry header can hold.
  case keyTooLong(length: Int, limit: Int)
  /// The limits contradict each other (for example a low watermark above the high one).
  case invalidLimits(String)
  /// A time to live must be positive.
  case invalidTimeToLive
  /// A value could not be encoded for storage.
  case encodingFailed(String)

  public var description: String {
    switch self {
    case .noCacheDirectory:
      "no cache folder: pass one explicitly or set XDG_CACHE_HOME or HOME"
    case .directoryUnavailable(let path, let code):
      "cannot create the cache folder \(path): \(systemMessage(code))"
    case .unsafeDirectory(let path, let reason):
      "refusing the cache folder \(path): \(reason)"
    case .ioFailed(let operation, let path, let code):
      "cannot \(operation) \(path): \(systemMessage(code))"
    case .entryTooLarge(let size, let limit):
      "cache entry of \(size) bytes exceeds the limit of \(limit) bytes"
    case .keyTooLong(let length, let limit):
      "cache key of \(length) bytes exceeds the limit of \(limit) bytes"
    case .invalidLimits(let reason):
      "invalid cache limits: \(reason)"
    case .invalidTimeToLive:
      "a cache time to live must be positive"
    case .encodingFailed(let reason):
      "cannot encode the value to cache: \(reason)"
    }
  }
}
