/// A screen on the reader's stack: the feed at the bottom, a post or the search above it.
enum ReaderScreen<C: Clock>: Sendable where C.Duration == Duration {
  case feed
  case post(PostViewModel, offset: Int)
  case search(SearchViewModel<C>, top: Int)
}
