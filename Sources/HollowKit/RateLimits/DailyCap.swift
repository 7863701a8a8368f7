/// A per-day cap the real backend keeps per user (detail 8000, wander 200, search 1000, post 100,
/// comment 500, follow 2000), recognised from its answer, so it reads as a sentence a user
/// understands instead of "server error -1".
///
/// ```swift
/// DailyCap(request: "search", message: "你今天搜索太多树洞了，明天再来吧")?.description
/// // "the server's daily limit of 1000 searches is reached; try again tomorrow"
/// ```
public struct DailyCap: Sendable, Equatable, CustomStringConvertible {
  /// What the cap counts, "searches".
  public var what: String
  /// How many a day, when known.
  public var limit: Int?

  public init(what: String, limit: Int?) {
    self.what = what
    self.limit = limit
  }

  /// The cap a `-1` answer of `request` (a ``DefaultRequest/name``) speaks of, nil for any other answer.
  public init?(request: String, message: String) {
    // The backend's daily messages say "too many" (太多) "today" or "within 24 hours".
    guard message.contains("太多"), message.contains("今天") || message.contains("24") else { return nil }
    switch request {
    case "search", "search/attentions": self.init(what: "searches", limit: 1000)
    case "send/post": self.init(what: "posts", limit: 100)
    case "send/comment": self.init(what: "comments", limit: 500)
    case "post/randomlist": self.init(what: "wander batches", limit: 200)
    case "post/detail": self.init(what: "posts opened", limit: 8000)
    case "edit/attention": self.init(what: "follows", limit: 2000)
    default: self.init(what: "requests", limit: nil)
    }
  }

  public var description: String {
    "the server's daily limit of \(limit.map { "\($0) " } ?? "")\(what) is reached; try again tomorrow"
  }
}
