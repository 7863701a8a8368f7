/// Where loaded data came from.
///
/// ```swift
/// if image.origin == .network { downloaded += 1 }
/// ```
public enum LoadOrigin: Sendable, Equatable {
  /// The memory or disk cache.
  case cache
  /// The server (for a caller that joined a running download, too).
  case network
}
