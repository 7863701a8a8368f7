import HollowKit

/// What the post screen shows: the detail snapshot (cached at once, then the server's), and the
/// cited posts and images loaded for the post and its comments.
///
/// ```swift
/// PostState(pid: 42).status  // .loading
/// ```
struct PostState: Sendable, Equatable {
  var detail: PostDetailSnapshot
  var quotes: [Int: Quote] = [:]
  var images: [String: ImageSlot] = [:]
  /// `--offline`: a failure to refresh is the offline state, not an error.
  var offline = false

  init(pid: Int, offline: Bool = false) {
    detail = PostDetailSnapshot(pid: pid, status: .inProgress)
    self.offline = offline
  }

  var pid: Int { detail.pid }

  var status: ReaderStatus {
    switch detail.status {
    case .inProgress: .loading
    case .cached: .cached(since: detail.cachedAt, refreshing: true)
    case .success: .fresh
    case .failure(let message):
      if offline {
        .offline("--offline", since: detail.cachedAt)
      } else if let reason = detail.offline {
        .offline(reason.description, since: detail.cachedAt)
      } else {
        .failed(message)
      }
    case .lethalFailure(let message): .lethal(detail.isDeleted ? "#\(pid) no longer exists" : message)
    }
  }
}
