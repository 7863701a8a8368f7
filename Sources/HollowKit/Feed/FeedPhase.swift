/// Where a feed's data stands, the campus app's six states: what a status line says.
///
/// ```swift
/// switch snapshot.phase {
/// case .loading: "loading…"
/// case .cached: "cached, refreshing…"
/// case .fresh: "fresh"
/// case .failed(let error): "refresh failed: \(error.kind)"
/// case .lethal(let error): "could not load: \(error.kind)"
/// case .offline: "offline: \(snapshot.offlineReason!)"
/// }
/// ```
public enum FeedPhase: Sendable, Equatable {
  /// Nothing to show yet; the first page is on its way.
  case loading
  /// Showing pages from the cache while the server is asked for fresh ones.
  case cached
  /// Showing what the server answered.
  case fresh
  /// The last load failed; what was loaded before stays shown.
  case failed(HollowError)
  /// The load failed and there is nothing to show.
  case lethal(HollowError)
  /// Showing the cache because the server cannot be reached or offline was asked for
  /// (``FeedSnapshot/offlineReason`` says which).
  case offline
}
