import Foundation
import HollowCache
import HollowKit
import Signal
import Testing

@Suite struct PostDetailCacheTests {
  typealias F = LoaderFixtures

  static let old = Comment(cid: 1, pid: 5, text: "old", timestamp: 1, name: "A")
  static let new = Comment(cid: 2, pid: 5, text: "new", timestamp: 2, name: "B")

  static func details(_ cache: TwoTierCache, http: any HTTPClient) -> PostDetailCache {
    let configuration = ClientConfiguration(apiRoot: ClientFixtures.apiRoot, token: ClientFixtures.token)
    return PostDetailCache(
      client: TreeHoleClient(configuration: configuration, http: http, retry: .never), store: PostStore(cache: cache),
      limiter: HostLimiter())
  }

  /// The snapshots without their cache dates, which ``cachedCopiesCarryTheirCacheDate`` checks.
  static func undated(_ snapshots: [PostDetailSnapshot]) -> [PostDetailSnapshot] {
    snapshots.map { snapshot in
      var undated = snapshot
      undated.cachedAt = nil
      return undated
    }
  }

  static func unreachable(_ failure: TransportFailure) -> OfflineReason {
    .unreachable(HollowError(request: "post/detail", kind: .transport(failure)))
  }

  static func post(updatedAt: Int) -> Post {
    var post = ClientFixtures.post(5)
    post.updatedAt = updatedAt
    return post
  }

  @Test func nothingCachedShowsProgressThenTheFreshDetail() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 9), comments: [Self.new])) }
      let details = Self.details(cache, http: http)
      let snapshots = await details.detail(5).allValues()
      #expect(
        snapshots == [
          PostDetailSnapshot(pid: 5, status: .inProgress),
          PostDetailSnapshot(pid: 5, status: .success, post: Self.post(updatedAt: 9), comments: [Self.new]),
        ])
      #expect(F.query(http.requests[0], "old_updated_at") == nil)
      #expect(await details.store.comments(5) == CachedComments(comments: [Self.new], asOf: 9))
    }
  }

  @Test func notModifiedKeepsTheCachedComments() async throws {
    try await F.withCache { cache, _ in
      var likedPost = Self.post(updatedAt: 7)
      likedPost.likeCount = 3
      let liked = likedPost
      let http = StubHTTPClient { _ in F.json(PostDetail(post: liked, comments: nil)) }
      let details = Self.details(cache, http: http)
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let snapshots = Self.undated(await details.detail(5).allValues())
      #expect(
        snapshots == [
          PostDetailSnapshot(pid: 5, status: .cached, post: Self.post(updatedAt: 7), comments: [Self.old]),
          PostDetailSnapshot(pid: 5, status: .success, post: liked, comments: [Self.old]),
        ])
      #expect(F.query(http.requests[0], "old_updated_at") == "7")
      #expect(await details.store.post(5) == liked)
      #expect(await details.store.comments(5) == CachedComments(comments: [Self.old], asOf: 7))
    }
  }

  @Test func newCommentsReplaceTheCachedOnes() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in
        F.json(PostDetail(post: Self.post(updatedAt: 8), comments: [Self.old, Self.new]))
      }
      let details = Self.details(cache, http: http)
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let last = await details.detail(5).allValues().last
      #expect(
        last
          == PostDetailSnapshot(
            pid: 5, status: .success, post: Self.post(updatedAt: 8), comments: [Self.old, Self.new]))
      #expect(await details.store.comments(5) == CachedComments(comments: [Self.old, Self.new], asOf: 8))
    }
  }

  @Test func noSuchPostDropsTheEntry() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.error(code: -101, message: "gone") }
      let details = Self.details(cache, http: http)
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let last = try #require(await details.detail(5).allValues().last)
      #expect(last.isDeleted)
      #expect(last.post == nil)
      #expect(last.status == .lethalFailure("no such post (server says: gone)"))
      #expect(await details.store.post(5) == nil)
      #expect(await details.store.comments(5) == nil)
      #expect(await details.store.isMissing(5))
    }
  }

  @Test func aFailedRefreshKeepsTheCachedDataWithAMessage() async throws {
    try await F.withCache { cache, _ in
      let details = Self.details(cache, http: StubHTTPClient { _ in .failure(.timedOut) })
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let last = Self.undated(await details.detail(5).allValues()).last
      #expect(
        last
          == PostDetailSnapshot(
            pid: 5, status: .failure("post/detail: \(TransportFailure.timedOut)"), post: Self.post(updatedAt: 7),
            comments: [Self.old], offline: Self.unreachable(.timedOut)))
      #expect(await details.store.comments(5) == CachedComments(comments: [Self.old], asOf: 7))
    }
  }

  @Test func aFailedLoadWithNothingCachedIsLethal() async throws {
    try await F.withCache { cache, _ in
      let details = Self.details(cache, http: StubHTTPClient { _ in .failure(.notConnected) })
      let last = await details.detail(5).allValues().last
      #expect(
        last
          == PostDetailSnapshot(
            pid: 5, status: .lethalFailure("post/detail: cannot connect to the server"),
            offline: Self.unreachable(.notConnected)))
    }
  }

  @Test func aPostCachedWithoutCommentsIsRefreshedInFull() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [Self.old])) }
      let details = Self.details(cache, http: http)
      try await details.store.store(Self.post(updatedAt: 7))  // as the quote loader stores it
      let snapshots = Self.undated(await details.detail(5).allValues())
      // Only the post was cached: its comments are not known (nil), not empty.
      #expect(snapshots.first == PostDetailSnapshot(pid: 5, status: .cached, post: Self.post(updatedAt: 7)))
      #expect(snapshots.last?.comments == [Self.old])
      #expect(F.query(http.requests[0], "old_updated_at") == nil)
    }
  }

  @Test func cacheOnlyShowsTheCacheAndSendsNothing() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in .failure(.notConnected) }
      let details = Self.details(cache, http: http)
      let empty = await details.detail(5, policy: .cacheOnly).allValues()
      #expect(
        empty == [PostDetailSnapshot(pid: 5, status: .lethalFailure("offline and not cached"), offline: .requested)])
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let cached = Self.undated(await details.detail(5, policy: .cacheOnly).allValues())
      #expect(
        cached == [
          PostDetailSnapshot(
            pid: 5, status: .failure("offline: showing the cached copy"), post: Self.post(updatedAt: 7),
            comments: [Self.old], offline: .requested)
        ])
      #expect(http.requests.isEmpty)
    }
  }

  @Test func cancellingTheSubscriberEndsTheStreamAndTheRequest() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [])) }
      let details = Self.details(cache, http: http)
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let subscriber = Task { await details.detail(5).allValues() }
      await http.waitForStarted(1)
      subscriber.cancel()
      let snapshots = await subscriber.value
      #expect(snapshots.map(\.status) == [.cached])
      #expect(http.cancelledCount == 1)
    }
  }

  @Test func cachedCopiesCarryTheirCacheDate() async throws {
    try await F.withCache { cache, _ in
      let details = Self.details(cache, http: StubHTTPClient { _ in .failure(.notConnected) })
      try await details.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let stored = try #require(await cache.storedDate(forKey: CacheKeys.post(5)))
      let snapshots = await details.detail(5).allValues()
      #expect(snapshots.map(\.cachedAt) == [stored, stored])
      #expect(snapshots.map(\.offline) == [nil, Self.unreachable(.notConnected)])
    }
  }

  @Test func withAQuoteLoaderEachSnapshotCarriesItsResolvedQuotes() async throws {
    try await F.withCache { cache, _ in
      var citingPost = Self.post(updatedAt: 7)
      citingPost.text = "see #8 and #9"
      let citing = citingPost
      let comment = Comment(cid: 3, pid: 5, text: "#9, again #9", timestamp: 3, name: "C")
      let http = StubHTTPClient { request in
        switch F.query(request, "pid") {
        case "5": F.json(PostDetail(post: citing, comments: [comment]))
        case "9": F.error(code: -101)
        default: F.json(PostDetail(post: ClientFixtures.post(8), comments: nil))
        }
      }
      let configuration = ClientConfiguration(apiRoot: ClientFixtures.apiRoot, token: ClientFixtures.token)
      let client = TreeHoleClient(configuration: configuration, http: http)
      let store = PostStore(cache: cache)
      let limiter = HostLimiter()
      let details = PostDetailCache(
        client: client, store: store, limiter: limiter,
        quotes: QuoteLoader(client: client, store: store, limiter: limiter))
      try await store.store(citing, comments: [comment])
      let snapshots = await details.detail(5).allValues()
      // The cached snapshot asks the cache alone; the refreshed one loads each pid once.
      #expect(
        snapshots.first?.quotes
          == ResolvedQuotes(
            post: [.notCached(pid: 8), .notCached(pid: 9)], comments: [3: [.notCached(pid: 9)]],
            all: [.notCached(pid: 8), .notCached(pid: 9)]))
      let fresh = try #require(snapshots.last?.quotes)
      #expect(fresh.post.map(\.pid) == [8, 9] && fresh.post.last == .missing(pid: 9))
      #expect(fresh.cited(by: comment) == [.missing(pid: 9)])
      #expect(fresh.all.map(\.pid) == [8, 9])
      #expect(http.requests.count(where: { F.query($0, "pid") == "9" }) == 1)
    }
  }

  @Test func eachSubscriptionRefreshesAgain() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [Self.old])) }
      let load = Self.details(cache, http: http).detail(5)
      let first = await load.allValues().map(\.status)
      let second = await load.allValues().map(\.status)
      #expect(first == [.inProgress, .success])
      #expect(second == [.cached, .success])
      #expect(http.requests.count == 2)
    }
  }
}
