import HollowKit

/// What `search` and `search/attentions` look for, with the real backend's semantics: every keyword must
/// match (AND), a `#tag` keyword matches the tag, a pid keyword (or `#pid`) puts that post first on page 1,
/// `热榜` alone is the hot list.
struct SearchQuery: Sendable {
  enum Order: Sendable {
    case id, likeCount, replyCount

    /// `order=id|like_num|reply_num`; anything else is by id, as on the real backend.
    init(_ text: String?) {
      switch text {
      case "like_num": self = .likeCount
      case "reply_num": self = .replyCount
      default: self = .id
      }
    }
  }

  static let hotListKeyword = "热榜"
  static let hotListSize = 200

  /// The keywords, split on spaces.
  var keywords: [String]
  var page: Int
  /// Whether a keyword may match in a comment instead of the post.
  var includeComments = true
  /// Only posts sent before / after these unix seconds.
  var before: Int?
  var after: Int?
  var order = Order.id

  init(text: String, page: Int) {
    keywords = text.split(separator: " ").map(String.init)
    self.page = page
  }

  var isHotList: Bool { keywords == [Self.hotListKeyword] }

  /// The pid a keyword names (`40123` or `#40123`), put first on page 1.
  var namedPid: Int? {
    for keyword in keywords {
      let digits = keyword.hasPrefix("#") ? String(keyword.dropFirst()) : keyword
      if !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = Int(digits), pid > 0 { return pid }
    }
    return nil
  }

  /// A `#tag` keyword's tag (not a `#pid`).
  private static func tag(_ keyword: String) -> String? {
    guard keyword.hasPrefix("#"), keyword.count > 1 else { return nil }
    let tag = String(keyword.dropFirst())
    return Int(tag) == nil ? tag : nil
  }

  /// Whether every keyword matches the post: its tag for a `#tag`, else its text or (with
  /// ``includeComments``) the text of one of its visible comments.
  func matches(_ record: PostRecord) -> Bool {
    let timestamp = record.post.timestamp
    if let before, timestamp >= before { return false }
    if let after, timestamp <= after { return false }
    let comments = includeComments ? record.visibleComments.map { $0.text.lowercased() } : []
    let text = record.post.text.lowercased()
    return keywords.allSatisfy { keyword in
      if let tag = Self.tag(keyword) { return record.shownTag == tag }
      let needle = keyword.lowercased()
      return text.contains(needle) || comments.contains { $0.contains(needle) }
    }
  }

  /// Every visible comment of the post that contains one of the keywords.
  func matchingComments(_ record: PostRecord) -> [Comment] {
    record.visibleComments.filter { comment in keywords.contains { comment.text.contains($0) } }
  }

  /// `pids` in the asked order (newest first by id, or by followers or comments, then newest).
  func sorted(_ records: [PostRecord]) -> [PostRecord] {
    switch order {
    case .id:
      records.sorted { $0.post.pid > $1.post.pid }
    case .likeCount:
      records.sorted { ($0.post.likeCount, $0.post.pid) > ($1.post.likeCount, $1.post.pid) }
    case .replyCount:
      records.sorted {
        ($0.visibleComments.count, $0.post.pid) > ($1.visibleComments.count, $1.post.pid)
      }
    }
  }
}
