import HollowKit

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
