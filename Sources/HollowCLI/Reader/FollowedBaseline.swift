import HollowKit
import Signal

/// The followed feed's posts become read-state facts the first time they are listed: each one's
/// comment count is the baseline its news (`+N new`) is counted from, so a post followed elsewhere
/// (the web, the app) shows its news from the next time without being opened here first. A post
/// that already has a fact (opened, followed here) keeps it.
///
/// ```swift
/// let watching = FollowedBaseline.watch(feed.states, into: readState)  // keep it for the run
/// ```
enum FollowedBaseline {
  static func watch<P: Publisher>(_ states: P, into store: ReadStateStore) -> AnyCancellable
  where P.Output == FeedState, P.Failure == Never {
    states
      .filter { $0.source == .followed && !$0.posts.isEmpty }
      .map { state in state.posts.map { ReadStateStore.Count(pid: $0.pid, comments: $0.replyCount) } }
      // A cursor move publishes the feed again with the same posts: nothing to record.
      .removeDuplicates()
      .sink { counts in store.send(.listed(counts)) }
  }
}
