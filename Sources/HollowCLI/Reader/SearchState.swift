import HollowKit

/// What the search screen shows: the query as typed and whether comments are searched, the
/// results of the last query searched (while a newer one waits or runs, the old results stay):
/// their feed's snapshot (pages so far, the end, failures), the posts with the comments that
/// matched, the cursor, cited posts and images.
///
/// ```swift
/// var state = SearchState(query: "猫")
/// state.isSearching  // true until the results for "猫" arrive
/// ```
struct SearchState: Sendable, Equatable {
  var query: String
  /// Tab: comments are searched too (print mode's `--comments`); off by default, as there.
  var includeComments: Bool
  /// The query the results are for; nil before any search ended.
  private(set) var searched: SearchQuery?
  /// The results' feed as last published; nil before any search ended or for an empty query.
  private(set) var snapshot: FeedSnapshot?
  private(set) var results: [Post] = []
  /// The comments of each result that hold a keyword (the page's `comments`), by pid.
  private(set) var comments: [Int: [Comment]] = [:]
  /// The newest query's feed waits for the server's search window (one search every 2 s).
  private(set) var isWaiting = false
  var cursor = 0
  var quotes: [Int: Quote] = [:]
  var images: [String: ImageSlot] = [:]
  /// Posts changed on this screen (a follow), by pid.
  private var replaced: [Int: Post] = [:]

  init(query: String = "", includeComments: Bool = false) {
    self.query = query
    self.includeComments = includeComments
  }

  /// The query as it would be sent now.
  var current: SearchQuery { SearchQuery(typed: query, includeComments: includeComments) }

  /// The text the results are for; nil before any search ended.
  var resultsQuery: String? { searched?.text }

  var isSearching: Bool { searched != current }

  /// What was typed is over the backend's limit: nothing is sent.
  var isTooLong: Bool { current.isTooLong }

  /// Whether the results have no more pages.
  var isAtEnd: Bool { snapshot?.endReached ?? false }

  var selectedPost: Post? {
    results.indices.contains(cursor) ? results[cursor] : nil
  }

  /// The words to highlight in the results.
  var keywords: [String] {
    (resultsQuery ?? "").split(separator: " ").map(String.init)
  }

  /// Shows `outcome`: a newer query's results replace the old ones once its first page arrives
  /// (or it fails); until then the old ones stay and only the waiting flag follows it.
  mutating func apply(_ outcome: SearchOutcome) {
    isWaiting = outcome.snapshot?.isWaiting ?? false
    if let snapshot = outcome.snapshot, outcome.query != searched, snapshot.pages.isEmpty,
      snapshot.phase == .loading, !snapshot.loadCancelled
    {
      return
    }
    if outcome.query != searched {
      cursor = 0
      replaced = [:]
    }
    searched = outcome.query
    snapshot = outcome.snapshot
    let items = outcome.snapshot?.posts ?? []
    results = items.map { replaced[$0.post.pid] ?? $0.post }
    comments = [:]
    for item in items where !item.comments.isEmpty { comments[item.post.pid] = item.comments }
    cursor = min(cursor, max(0, results.count - 1))
  }

  /// Shows `post` (after following it) instead of the results' copy.
  mutating func replace(_ post: Post) {
    guard let index = results.firstIndex(where: { $0.pid == post.pid }) else { return }
    replaced[post.pid] = post
    results[index] = post
  }

  var status: ReaderStatus {
    if isTooLong {
      return .problem("\(APILimits.maximumKeywordLength) characters at most (\(current.length) typed): nothing sent")
    }
    if isWaiting { return .waiting("the server allows \(RateLimit.search)") }
    if isSearching, !current.text.isEmpty { return .loading }
    // The feed's words for a failure speak of a refresh and of cached data; a search's are its own.
    switch snapshot.map(ReaderStatus.init) ?? .fresh {
    case .failed(let message): return .problem("could not load more results: \(message)")
    case .lethal(let message): return .problem("the search failed: \(message)")
    case let status: return status
    }
  }
}

/// What the search screen's pipeline publishes for a settled query: the query and the newest
/// snapshot of its results' feed (pages, matching comments, end, waiting, failures), or no
/// snapshot when nothing was sent (an empty or too long query).
///
/// ```swift
/// SearchOutcome(query: SearchQuery(typed: "", includeComments: false), snapshot: nil)
/// ```
struct SearchOutcome: Sendable, Equatable {
  var query: SearchQuery
  var snapshot: FeedSnapshot?
}
