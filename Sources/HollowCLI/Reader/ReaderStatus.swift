import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the status line says about the data on screen, after the campus app's data-source
/// states: nothing yet, cached (with its age, while a refresh runs), fresh, a failed refresh
/// (the cached data kept and marked), a lethal failure (nothing to show: the error and the retry
/// key), or offline (the cache, its age, and why); and what runs over data already shown (a
/// refresh, the next page: Esc stops either) or that a load was stopped.
///
/// The age is a date, not a text: the status line words it against the frame's clock, so
/// "cached 5 min ago" grows older on screen as the reader's tick redraws it.
///
/// ```swift
/// let time = RelativeTime(now: Date(timeIntervalSince1970: 600))
/// ReaderStatus.cached(since: Date(timeIntervalSince1970: 300), refreshing: true).text(time)
/// // "cached 5 min ago, refreshing…"
/// ```
enum ReaderStatus: Sendable, Equatable {
  case loading
  /// A request waits for the server's rate-limit window: not a failure.
  case waiting(String)
  /// `since`: when the cache stored what is shown, when known.
  case cached(since: Date?, refreshing: Bool)
  case fresh
  /// Page 1 (the feed's first page) is asked again while the fresh data stays shown.
  case refreshing
  /// The next page is asked for.
  case loadingMore(page: Int)
  /// Esc stopped the load before anything arrived: nothing to show until `r`.
  case stopped
  case failed(String)
  case lethal(String)
  /// A problem said as it is: a search over 30 characters (nothing was sent), a search that failed.
  case problem(String)
  /// `since`: when the cache stored what is shown, when known.
  case offline(String, since: Date?)

  /// Where a feed's snapshot stands (the feed screen's and the search results').
  init(_ snapshot: FeedSnapshot) {
    switch snapshot.phase {
    case .loading: self = snapshot.loadCancelled ? .stopped : .loading
    case .cached: self = .cached(since: snapshot.cachedAt, refreshing: snapshot.isLoading)
    case .fresh:
      if snapshot.isRefreshing {
        self = .refreshing
      } else if snapshot.isLoading {
        self = .loadingMore(page: snapshot.lastPage + 1)
      } else {
        self = .fresh
      }
    case .failed(let error): self = .failed(error.kind.description)
    case .lethal(let error): self = .lethal(error.kind.description)
    case .offline:
      let reason = snapshot.offlineReason.map {
        $0 == .requested ? "--offline" : $0.transportFailure?.description ?? $0.description
      }
      self = .offline(reason ?? "--offline", since: snapshot.cachedAt)
    }
  }

  /// The status in words, ages relative to `time`'s now.
  func text(_ time: RelativeTime) -> String {
    switch self {
    case .loading: "loading…"
    case .waiting(let why): "waiting: \(why)…"
    case .cached(let since, let refreshing):
      "cached" + (since.map { " " + time.string(for: $0) } ?? "") + (refreshing ? ", refreshing…" : "")
    case .fresh: "fresh"
    case .refreshing: "refreshing… (Esc stops)"
    case .loadingMore(let page): "loading page \(page)… (Esc stops)"
    case .stopped: "stopped · r loads again"
    case .failed(let message): "refresh failed: \(message) (showing cached data)"
    case .lethal(let message): "failed: \(message) · r retries"
    case .problem(let reason): reason
    case .offline(let reason, let since):
      "offline: \(reason) (showing data cached" + (since.map { " " + time.string(for: $0) } ?? "") + ")"
    }
  }

  /// Whether the line is a warning (drawn in the warning style).
  var isProblem: Bool {
    switch self {
    case .failed, .lethal, .offline, .problem: true
    case .loading, .waiting, .cached, .fresh, .refreshing, .loadingMore, .stopped: false
    }
  }
}
