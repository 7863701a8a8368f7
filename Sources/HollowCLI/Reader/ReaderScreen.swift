/// A screen on the reader's stack: the feed at the bottom, a post or the search above it. Each
/// screen above the feed holds its model, the state that model published last (what is drawn)
/// and how far it is scrolled; ``ReaderNavigation`` keeps the stack.
enum ReaderScreen<C: Clock>: Sendable where C.Duration == Duration {
  case feed
  case post(PostScreen)
  case search(SearchScreen<C>)

  /// What the screen is, for the key router: which keys mean what depends on it alone.
  enum Kind: Sendable, Equatable {
    case feed
    case post
    case search
  }

  var kind: Kind {
    switch self {
    case .feed: .feed
    case .post: .post
    case .search: .search
    }
  }
}
