import HollowKit

/// What the search screen shows: the query as typed, the results of the last query searched
/// (while a newer one waits or runs, the old results stay), the cursor, cited posts and images.
///
/// ```swift
/// var state = SearchState(query: "猫")
/// state.isSearching  // true until the results for "猫" arrive
/// ```
struct SearchState: Sendable, Equatable {
  var query: String
  /// The query the results are for; nil before any search ended.
  var resultsQuery: String?
  var results: [Post] = []
  var error: String?
  /// The query waits for the server's search window (one search every 2 s).
  var isWaiting = false
  var cursor = 0
  var quotes: [Int: Quote] = [:]
  var images: [String: ImageSlot] = [:]

  init(query: String = "") {
    self.query = query
  }

  var isSearching: Bool { resultsQuery != SearchQuery.normalized(query) }

  var selectedPost: Post? {
    results.indices.contains(cursor) ? results[cursor] : nil
  }

  /// The words to highlight in the results.
  var keywords: [String] {
    (resultsQuery ?? "").split(separator: " ").map(String.init)
  }

  var status: ReaderStatus {
    if isWaiting, isSearching { return .waiting("the server allows \(RateLimit.search)") }
    if let error { return results.isEmpty ? .lethal(error) : .failed(error) }
    if isSearching, !SearchQuery.normalized(query).isEmpty { return .loading }
    return .fresh
  }
}
