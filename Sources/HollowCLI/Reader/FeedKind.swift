import HollowKit

/// Which list the feed screen shows: `t` timeline, `w` wander, `a` followed posts.
///
/// ```swift
/// FeedKind(key: "w")  // .wander
/// ```
enum FeedKind: Sendable, Equatable, CaseIterable {
  case timeline
  case wander
  case followed

  /// The posts `post/randomlist` answers with.
  static let wanderBatch = 15

  var title: String {
    switch self {
    case .timeline: "timeline"
    case .wander: "wander"
    case .followed: "followed"
    }
  }

  /// The loader's feed (its name keys the cached pages, shared with the print mode).
  var timelineFeed: TimelineFeed {
    switch self {
    case .timeline: .list
    case .wander: .wander
    case .followed: .attentions
    }
  }

  /// Posts in a full page: a shorter page ends the feed (wander serves 15 random posts a call).
  var pageSize: Int {
    self == .wander ? Self.wanderBatch : APILimits.pageSize
  }

  /// The last page loaded before the feed says "end" (wander: ten batches of random posts).
  var maximumPage: Int {
    switch self {
    case .timeline, .followed: APILimits.maximumListPage
    case .wander: 10
    }
  }
}
