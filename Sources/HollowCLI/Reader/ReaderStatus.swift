#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the status line says about the data on screen, after the campus app's data-source
/// states: nothing yet, cached (with its age, while a refresh runs), fresh, a failed refresh
/// (the cached data kept and marked), a lethal failure (nothing to show: the error and the retry
/// key), or offline (the cache, its age, and why).
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
  case failed(String)
  case lethal(String)
  /// `since`: when the cache stored what is shown, when known.
  case offline(String, since: Date?)

  /// The status in words, ages relative to `time`'s now.
  func text(_ time: RelativeTime) -> String {
    switch self {
    case .loading: "loading…"
    case .waiting(let why): "waiting: \(why)…"
    case .cached(let since, let refreshing):
      "cached" + (since.map { " " + time.string(for: $0) } ?? "") + (refreshing ? ", refreshing…" : "")
    case .fresh: "fresh"
    case .failed(let message): "refresh failed: \(message) (showing cached data)"
    case .lethal(let message): "failed: \(message) · r retries"
    case .offline(let reason, let since):
      "offline: \(reason) (showing data cached" + (since.map { " " + time.string(for: $0) } ?? "") + ")"
    }
  }

  /// Whether the line is a warning (drawn in the warning style).
  var isProblem: Bool {
    switch self {
    case .failed, .lethal, .offline: true
    case .loading, .waiting, .cached, .fresh: false
    }
  }
}
