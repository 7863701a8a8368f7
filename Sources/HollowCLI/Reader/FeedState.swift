import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the feed screen shows: the posts of the loaded pages, where they came from, the pager's
/// phase, the cursor, and the cited posts and images loaded for them.
///
/// ```swift
/// let state = FeedState(kind: .timeline)
/// state.status  // .loading
/// ```
struct FeedState: Sendable, Equatable {
  var kind: FeedKind
  var posts: [Post] = []
  var phase: PagerPhase = .idle
  /// Where the posts shown came from; nil before any arrived.
  var origin: LoadOrigin?
  /// Why the loader went to the cache, when it did.
  var offlineReason: String?
  /// When the cache stored the posts shown, for posts from the cache (nil when not known).
  var cachedAt: Date?
  /// The selected post's index in `posts`.
  var cursor = 0
  /// Cited posts by pid, as they load.
  var quotes: [Int: Quote] = [:]
  /// Images by path, as they load.
  var images: [String: ImageSlot] = [:]

  init(kind: FeedKind) {
    self.kind = kind
  }

  var selectedPost: Post? {
    posts.indices.contains(cursor) ? posts[cursor] : nil
  }

  /// Whether the last page has been loaded.
  var isAtEnd: Bool { phase == .exhausted }

  var status: ReaderStatus {
    if case .failed(let error) = phase {
      return posts.isEmpty ? .lethal(error.kind.description) : .failed(error.kind.description)
    }
    if let offlineReason { return .offline(offlineReason, since: cachedAt) }
    if posts.isEmpty { return phase.isLoading || origin == nil ? .loading : .fresh }
    if origin == .cache { return .cached(since: cachedAt, refreshing: phase == .refreshing) }
    return .fresh
  }
}
