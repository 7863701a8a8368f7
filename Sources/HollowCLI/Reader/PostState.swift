import HollowKit

/// What the post screen shows: the library's ``HollowKit/PostSnapshot`` (the post, its comments,
/// the posts they cite and their images, the status, cache age and offline reason) and the
/// pictures decoded from its images. Nothing here is loaded or decided twice.
///
/// ```swift
/// PostState(pid: 42).status  // .loading
/// ```
struct PostState: Sendable, Equatable {
  var detail: PostSnapshot
  /// Pictures by path, decoded once from the snapshot's images.
  var images: [String: ImageSlot] = [:]
  /// `--offline`: a failure to refresh is the offline state, not an error.
  var offline = false

  init(pid: Int, offline: Bool = false) {
    detail = PostSnapshot(pid: pid, status: .inProgress)
    self.offline = offline
  }

  var pid: Int { detail.pid }

  /// The cited posts by pid, as the snapshot resolved them.
  var quotes: [Int: Quote] {
    Dictionary(detail.quotes.all.map { ($0.pid, $0) }, uniquingKeysWith: { first, _ in first })
  }

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
