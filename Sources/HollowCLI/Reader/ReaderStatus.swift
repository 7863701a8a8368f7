/// What the status line says about the data on screen, after the campus app's data-source
/// states: nothing yet, cached (with its age, while a refresh runs), fresh, a failed refresh
/// (the cached data kept and marked), a lethal failure (nothing to show: the error and the retry
/// key), or offline (the cache, and why).
///
/// ```swift
/// ReaderStatus.failed("timeout").text  // "refresh failed: timeout (showing cached posts)"
/// ```
enum ReaderStatus: Sendable, Equatable {
  case loading
  /// `age` ("5 min ago") when known.
  case cached(age: String?, refreshing: Bool)
  case fresh
  case failed(String)
  case lethal(String)
  case offline(String)

  var text: String {
    switch self {
    case .loading: "loading…"
    case .cached(let age, let refreshing):
      "cached" + (age.map { " \($0)" } ?? "") + (refreshing ? ", refreshing…" : "")
    case .fresh: "fresh"
    case .failed(let message): "refresh failed: \(message) (showing cached data)"
    case .lethal(let message): "failed: \(message) · r retries"
    case .offline(let reason): "offline: \(reason) (showing cached data)"
    }
  }

  /// Whether the line is a warning (drawn in the warning style).
  var isProblem: Bool {
    switch self {
    case .failed, .lethal, .offline: true
    case .loading, .cached, .fresh: false
    }
  }
}
