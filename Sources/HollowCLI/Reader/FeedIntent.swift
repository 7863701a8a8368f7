import HollowKit

/// What the user asks of the feed screen.
///
/// ```swift
/// feed.send(.move(by: 1))   // j
/// feed.send(.refresh)       // r
/// ```
enum FeedIntent: Sendable, Equatable {
  /// Moves the cursor; reaching the last posts loads the next page.
  case move(by: Int)
  case top
  case bottom
  /// Page 1 again (and a retry after a failure).
  case refresh
  /// Esc: stops the running load (its request is cancelled); what is shown stays.
  case cancel
  /// `x`: hides page 1's announcement (until its text changes).
  case dismissAnnouncement
  /// Another list: timeline, wander or followed.
  case show(FeedSource)
  /// A post changed elsewhere (followed, voted): show the new copy.
  case replace(Post)
}
