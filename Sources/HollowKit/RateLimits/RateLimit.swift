/// A short-term limit the real backend keeps per user: one search per 2 s, one post per 6 s, one
/// comment per 3 s. Past one it answers `code -1` with a Chinese message; the client keeps the
/// windows itself (``RateLimitKeeper``) so that it never trips them.
///
/// ```swift
/// RateLimit.search.window              // 2 s
/// RateLimit(serverMessage: "请不要短时间内连续搜索树洞")  // .search
/// ```
public enum RateLimit: String, Sendable, CaseIterable, CustomStringConvertible {
  case search
  case post
  case comment

  /// How long the server wants between two requests of this kind.
  public var window: Duration {
    switch self {
    case .search: .seconds(2)
    case .post: .seconds(6)
    case .comment: .seconds(3)
    }
  }

  /// Added to every window: the server's clock starts when the request reaches it, ours when the
  /// answer arrives, and the next request may reach it sooner than the last answer reached us.
  public static let margin: Duration = .milliseconds(300)

  /// The server's message when the window is not over yet.
  public var serverMessage: String {
    switch self {
    case .search: "请不要短时间内连续搜索树洞"
    case .post: "请不要短时间内连续发送树洞"
    case .comment: "请不要短时间内连续发送树洞回复"
    }
  }

  /// The limit a request to `path` (a ``DefaultRequest/path``, e.g. `contents/search`) counts
  /// against; nil for the requests the server does not limit in the short term.
  public init?(requestPath path: String) {
    switch path {
    case "contents/search", "contents/search/attentions": self = .search
    case "send/post": self = .post
    case "send/comment": self = .comment
    default: return nil
    }
  }

  /// The limit a server message speaks of, nil for any other message.
  public init?(serverMessage message: String) {
    // The comment message extends the post one: the longest match wins.
    guard
      let limit = Self.allCases.filter({ message.contains($0.serverMessage) }).max(by: {
        $0.serverMessage.count < $1.serverMessage.count
      })
    else { return nil }
    self = limit
  }

  /// "one search every 2 s".
  public var description: String {
    let seconds = window.components.seconds
    return switch self {
    case .search: "one search every \(seconds) s"
    case .post: "one post every \(seconds) s"
    case .comment: "one comment every \(seconds) s"
    }
  }
}
