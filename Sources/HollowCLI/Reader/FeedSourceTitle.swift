import HollowKit

extension FeedSource {
  /// The reader's name for the feed, in its title bar and footer: "timeline", "wander", "followed".
  var title: String {
    switch self {
    case .timeline: "timeline"
    case .wander: "wander"
    case .followed: "followed"
    case .search(let parameters): "search \(parameters.keywords)"
    case .followedSearch(let keywords): "followed search \(keywords)"
    }
  }
}
