/// A screen on the reader's stack: the feed at the bottom, a post, the search or the
/// notifications above it.
enum ReaderScreen<C: Clock>: Sendable where C.Duration == Duration {
  case feed
  case post(PostViewModel, offset: Int)
  case search(SearchViewModel<C>, top: Int)
  case notifications(NotificationsViewModel, top: Int)
}
