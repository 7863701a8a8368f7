/// Where a loader may look for data.
///
/// ```swift
/// let image = try await images.image(at: url, policy: offline ? .cacheOnly : .cacheFirst)
/// ```
public enum CachePolicy: Sendable, Equatable {
  /// The cache if it has the data, else the network (which then fills the cache).
  case cacheFirst
  /// Only the cache: what it lacks fails as "not cached" without any request (offline mode).
  case cacheOnly
}
