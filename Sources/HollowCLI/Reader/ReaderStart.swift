import HollowKit

/// Where the reader opens: a feed at a page (`timeline --page 3`), or the search with a query
/// typed in (`search 食堂 --comments --page 2`: comments searched too, the results from page 2).
enum ReaderStart: Sendable, Equatable {
  case feed(FeedSource, page: Int = 1)
  case search(String, includeComments: Bool = false, page: Int = 1)
}
