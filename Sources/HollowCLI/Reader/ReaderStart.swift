import HollowKit

/// Where the reader opens: a feed, or the search with a query typed in.
enum ReaderStart: Sendable, Equatable {
  case feed(FeedSource)
  case search(String)
}
