/// What a cited `#pid` turned out to be.
///
/// ```swift
/// switch quote {
/// case .post(let post, _): print("> #\(post.pid) \(post.text)")
/// case .missing(let pid): print("> #\(pid) (deleted)")
/// case .notCached(let pid): print("> #\(pid) (offline)")
/// case .failed(let pid, let error): print("> #\(pid) unavailable: \(error)")
/// }
/// ```
public enum Quote: Sendable, Equatable {
  /// The cited post, and where it came from.
  case post(Post, origin: LoadOrigin)
  /// The server has no such post (`code -101`).
  case missing(pid: Int)
  /// Cache-only (offline) and the cache does not hold the post.
  case notCached(pid: Int)
  /// The post could not be loaded (network, server, cancelled).
  case failed(pid: Int, HollowError)

  /// The cited pid.
  public var pid: Int {
    switch self {
    case .post(let post, _): post.pid
    case .missing(let pid), .notCached(let pid), .failed(let pid, _): pid
    }
  }

  /// The cited post, when it loaded.
  public var post: Post? {
    if case .post(let post, _) = self { return post }
    return nil
  }
}
