/// What a list shows about a post from the read state (``ReadState/mark(for:)``): nothing for a
/// post never opened, "read" for one opened, and "+N new" for one whose comments grew since it
/// was last opened (or followed).
///
/// ```swift
/// ReadMark.news(3).text  // "+3 new"
/// ```
enum ReadMark: Sendable, Equatable {
  case unread
  case read
  /// This many more comments than when the post was last seen.
  case news(Int)

  /// The words on the post's first line; nil for an unread post.
  var text: String? {
    switch self {
    case .unread: nil
    case .read: "read"
    case .news(let count): "+\(count) new"
    }
  }

  /// The spans the header gets: " · read" (dim) or " · +N new" (bold green).
  var spans: [Span] {
    switch self {
    case .unread: []
    case .read: [Span(" · read", .dim)]
    case .news(let count): [Span(" · ", .dim), Span("+\(count) new", .poster)]
    }
  }

  var hasNews: Bool {
    if case .news = self { return true }
    return false
  }
}
