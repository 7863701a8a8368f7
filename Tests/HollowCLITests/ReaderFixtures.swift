import Foundation
import HollowCache
import HollowKit
import HollowServer
import Signal

@testable import HollowCLI

/// Posts, themes and services for the reader's view and view-model tests.
enum ReaderFixtures {
  /// The first state published by `states` that satisfies `condition` (nil if they end first).
  static func firstState<S: Sendable>(
    _ states: Publishers.Share<SubjectValues<S, Never>>, where condition: @escaping @Sendable (S) -> Bool
  ) async -> S? {
    for await state in states where condition(state) { return state }
    return nil
  }

  static let theme = ReaderTheme(
    capabilities: TerminalCapabilities(colorDepth: .none), now: Date(timeIntervalSince1970: 1_700_000_000),
    zone: .utc)

  static func post(_ pid: Int, _ text: String = "树洞 post text", likes: Int = 1) -> Post {
    Post(
      pid: pid, text: text, type: .text, timestamp: 1_700_000_000 - 60 * pid % 3600, updatedAt: 1_700_000_000,
      likeCount: likes)
  }

  /// A feed screen's state as the feed model would publish it: `posts` on page 1 from `origin`.
  static func feedState(
    _ posts: [Post], origin: LoadOrigin? = .network, phase: FeedPhase = .fresh, cachedAt: Date? = nil,
    isLoading: Bool = false, offline: OfflineReason? = nil, endReached: Bool = false, source: FeedSource = .timeline
  ) -> FeedState {
    var snapshot = FeedSnapshot(source: source)
    if !posts.isEmpty, let origin {
      let page = FeedPage(number: 1, origin: origin, content: PostPage(posts: posts), cachedAt: cachedAt)
      let items = posts.enumerated().map { FeedPost(page: 1, index: $0.offset, post: $0.element, comments: []) }
      snapshot.pages = [FeedSnapshot.Page(page: page, posts: items)]
    }
    snapshot.origin = origin
    snapshot.phase = phase
    snapshot.cachedAt = cachedAt
    snapshot.isLoading = isLoading
    snapshot.offlineReason = offline
    snapshot.endReached = endReached
    var state = FeedState(source: source)
    state.apply(snapshot)
    return state
  }

  /// Reader services over a demo server at `url`, with a cache in `folder`.
  static func services(url: String, folder: URL, token: String? = nil) throws -> ReaderServices {
    let client = TreeHoleClient(
      configuration: ClientConfiguration(
        apiRoot: URL(string: url)!, token: token, imageBaseURL: URL(string: url + "/images/")),
      http: NetworkHTTPClient())
    let cache = try TreeHoleLoaders.openCache(for: client, directory: folder.path)
    return ReaderServices(loaders: TreeHoleLoaders(client: client, cache: cache), offline: false)
  }
}
