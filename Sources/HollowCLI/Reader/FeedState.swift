import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the feed screen shows: the library's ``HollowKit/FeedSnapshot`` (pages, posts with their
/// images and quotes, phase, origin, cache age, offline reason, end) plus the cursor, and the
/// pictures decoded from the snapshot's images. Nothing here is loaded or decided twice.
///
/// ```swift
/// var state = FeedState(source: .timeline)
/// state.apply(snapshot)
/// state.status  // .fresh
/// ```
struct FeedState: Sendable, Equatable {
  private(set) var snapshot: FeedSnapshot
  /// The snapshot's posts (each pid once), with the copies changed here since (followed, voted).
  private(set) var posts: [Post] = []
  /// The selected post's index in `posts`.
  var cursor = 0
  /// Cited posts by pid, as the snapshot resolved them.
  private(set) var quotes: [Int: Quote] = [:]
  /// Pictures by path, decoded once from the snapshot's images.
  var images: [String: ImageSlot] = [:]
  /// Posts changed on this screen (a follow, a vote), by pid, until the feed brings a newer copy.
  private var replaced: [Int: Post] = [:]

  init(source: FeedSource) {
    snapshot = FeedSnapshot(source: source)
  }

  var source: FeedSource { snapshot.source }

  /// The text of the announcement dismissed (`x`): the same text stays hidden, a new one shows.
  var dismissedAnnouncement: String?

  /// Page 1's announcement (the timeline's frontend configuration), unless it was dismissed.
  var announcement: String? {
    guard let text = snapshot.page(1)?.page.content.config?.announcement,
      !text.trimmingWhitespace().isEmpty, text != dismissedAnnouncement
    else { return nil }
    return text
  }

  /// Shows `snapshot`, keeping the cursor on the screen.
  mutating func apply(_ snapshot: FeedSnapshot) {
    self.snapshot = snapshot
    let items = snapshot.posts
    posts = items.map { replaced[$0.post.pid] ?? $0.post }
    quotes = [:]
    for item in items { for quote in item.quotes.all { quotes[quote.pid] = quote } }
    cursor = min(cursor, max(0, posts.count - 1))
  }

  /// Shows `post` instead of the feed's copy of it.
  mutating func replace(_ post: Post) {
    guard let index = posts.firstIndex(where: { $0.pid == post.pid }) else { return }
    replaced[post.pid] = post
    posts[index] = post
  }

  var selectedPost: Post? {
    posts.indices.contains(cursor) ? posts[cursor] : nil
  }

  /// Whether the feed has no more pages.
  var isAtEnd: Bool { snapshot.endReached }

  var status: ReaderStatus { ReaderStatus(snapshot) }
}
