import Foundation
import HollowCache
import HollowKit
import Signal
import Testing

/// The post model against a stubbed server and a real cache: what it asks, stores and settles on.
/// The machine's rules, event by event, are ``PostStateMachineTests``.
@Suite struct PostModelTests {
  typealias F = LoaderFixtures

  static let old = Comment(cid: 1, pid: 5, text: "old", timestamp: 1, name: "A")
  static let new = Comment(cid: 2, pid: 5, text: "new", timestamp: 2, name: "B")

  static func loader(_ cache: TwoTierCache, http: any HTTPClient) -> PostLoader {
    let configuration = ClientConfiguration(apiRoot: ClientFixtures.apiRoot, token: ClientFixtures.token)
    let client = TreeHoleClient(configuration: configuration, http: http, retry: .never)
    let limiter = HostLimiter()
    let store = PostStore(cache: cache)
    return PostLoader(
      client: client, store: store, images: ImageLoader(http: http, cache: cache, limiter: limiter),
      quotes: QuoteLoader(client: client, store: store, limiter: limiter), limiter: limiter)
  }

  /// Opens (or refreshes) `model` and answers its first settled snapshot after that.
  static func settled(_ model: PostModel, refresh: Bool = false) async -> PostSnapshot? {
    var snapshots = model.snapshots.makeAsyncIterator()
    if refresh {
      _ = await snapshots.next()
      model.refresh()
    } else {
      model.open()
    }
    while let snapshot = await snapshots.next() {
      if snapshot.isSettled, !snapshot.status.isLoading { return snapshot }
    }
    return nil
  }

  /// `snapshot` without its cache date, which ``cachedCopiesCarryTheirCacheDate`` checks.
  static func undated(_ snapshot: PostSnapshot?) -> PostSnapshot? {
    var undated = snapshot
    undated?.cachedAt = nil
    return undated
  }

  static func unreachable(_ failure: TransportFailure) -> OfflineReason {
    .unreachable(HollowError(request: "post/detail", kind: .transport(failure)))
  }

  static func post(updatedAt: Int) -> Post {
    var post = ClientFixtures.post(5)
    post.updatedAt = updatedAt
    return post
  }

  @Test func nothingCachedSettlesOnTheFreshDetailAndStoresIt() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 9), comments: [Self.new])) }
      let loader = Self.loader(cache, http: http)
      #expect(
        await Self.settled(loader.model(5))
          == PostSnapshot(
            pid: 5, status: .success, post: Self.post(updatedAt: 9), comments: [Self.new], isSettled: true))
      #expect(F.query(http.requests[0], "old_updated_at") == nil)
      #expect(await loader.store.comments(5) == CachedComments(comments: [Self.new], asOf: 9))
    }
  }

  @Test func notModifiedKeepsTheCachedComments() async throws {
    try await F.withCache { cache, _ in
      var likedPost = Self.post(updatedAt: 7)
      likedPost.likeCount = 3
      let liked = likedPost
      let http = StubHTTPClient { _ in F.json(PostDetail(post: liked, comments: nil)) }
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      #expect(
        await Self.settled(loader.model(5))
          == PostSnapshot(pid: 5, status: .success, post: liked, comments: [Self.old], isSettled: true))
      #expect(F.query(http.requests[0], "old_updated_at") == "7")
      #expect(await loader.store.post(5) == liked)
      #expect(await loader.store.comments(5) == CachedComments(comments: [Self.old], asOf: 7))
    }
  }

  @Test func newCommentsReplaceTheCachedOnes() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in
        F.json(PostDetail(post: Self.post(updatedAt: 8), comments: [Self.old, Self.new]))
      }
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      #expect(await Self.settled(loader.model(5))?.comments == [Self.old, Self.new])
      #expect(await loader.store.comments(5) == CachedComments(comments: [Self.old, Self.new], asOf: 8))
    }
  }

  @Test func noSuchPostDropsTheEntry() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.error(code: -101, message: "gone") }
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let last = try #require(await Self.settled(loader.model(5)))
      #expect(last.isDeleted)
      #expect(last.post == nil)
      #expect(last.status == .lethalFailure("no such post (server says: gone)"))
      #expect(await loader.store.post(5) == nil)
      #expect(await loader.store.comments(5) == nil)
      #expect(await loader.store.isMissing(5))
    }
  }

  @Test func aFailedRefreshKeepsTheCachedDataWithAMessage() async throws {
    try await F.withCache { cache, _ in
      let loader = Self.loader(cache, http: StubHTTPClient { _ in .failure(.timedOut) })
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      #expect(
        Self.undated(await Self.settled(loader.model(5)))
          == PostSnapshot(
            pid: 5, status: .failure("post/detail: \(TransportFailure.timedOut)"), post: Self.post(updatedAt: 7),
            comments: [Self.old], offline: Self.unreachable(.timedOut), isSettled: true))
      #expect(await loader.store.comments(5) == CachedComments(comments: [Self.old], asOf: 7))
    }
  }

  @Test func aFailedLoadWithNothingCachedIsLethal() async throws {
    try await F.withCache { cache, _ in
      let loader = Self.loader(cache, http: StubHTTPClient { _ in .failure(.notConnected) })
      #expect(
        await Self.settled(loader.model(5))
          == PostSnapshot(
            pid: 5, status: .lethalFailure("post/detail: cannot connect to the server"),
            offline: Self.unreachable(.notConnected), isSettled: true))
    }
  }

  @Test func aPostCachedWithoutCommentsIsRefreshedInFull() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [Self.old])) }
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(Self.post(updatedAt: 7))  // as the quote loader stores it
      #expect(await Self.settled(loader.model(5))?.comments == [Self.old])
      #expect(F.query(http.requests[0], "old_updated_at") == nil)
    }
  }

  @Test func offlineShowsTheCacheAndSendsNothing() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in .failure(.notConnected) }
      let loader = Self.loader(cache, http: http)
      let offline = PostStateMachine.Options(offline: true)
      #expect(
        await Self.settled(loader.model(5, options: offline))
          == PostSnapshot(
            pid: 5, status: .lethalFailure("offline and not cached"), offline: .requested, isSettled: true))
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      #expect(
        Self.undated(await Self.settled(loader.model(5, options: offline)))
          == PostSnapshot(
            pid: 5, status: .failure("offline: showing the cached copy"), post: Self.post(updatedAt: 7),
            comments: [Self.old], offline: .requested, isSettled: true))
      #expect(http.requests.isEmpty)
    }
  }

  @Test func cancellingTheModelCancelsTheRequest() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [])) }
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let model = loader.model(5)
      model.open()
      await http.waitForStarted(1)
      model.cancel()
      await http.waitForCancelled(1)
      #expect(http.cancelledCount == 1)
      #expect(model.snapshot.status == .cached)
    }
  }

  @Test func cachedCopiesCarryTheirCacheDate() async throws {
    try await F.withCache { cache, _ in
      let loader = Self.loader(cache, http: StubHTTPClient { _ in .failure(.notConnected) })
      try await loader.store.store(Self.post(updatedAt: 7), comments: [Self.old])
      let stored = try #require(await cache.storedDate(forKey: CacheKeys.post(5)))
      let settled = await Self.settled(loader.model(5))
      #expect(settled?.cachedAt == stored)
      #expect(settled?.offline == Self.unreachable(.notConnected))
    }
  }

  @Test func theQuotesAreResolvedEachPidLoadedOnce() async throws {
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
      let loader = Self.loader(cache, http: http)
      try await loader.store.store(citing, comments: [comment])
      let fresh = try #require(await Self.settled(loader.model(5))?.quotes)
      #expect(fresh.post.map(\.pid) == [8, 9] && fresh.post.last == .missing(pid: 9))
      #expect(fresh.cited(by: comment) == [.missing(pid: 9)])
      #expect(fresh.all.map(\.pid) == [8, 9])
      #expect(http.requests.count(where: { F.query($0, "pid") == "9" }) == 1)
    }
  }

  @Test func refreshAsksTheServerAgain() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.json(PostDetail(post: Self.post(updatedAt: 7), comments: [Self.old])) }
      let model = Self.loader(cache, http: http).model(5)
      #expect(await Self.settled(model)?.status == .success)
      #expect(await Self.settled(model, refresh: true)?.status == .success)
      #expect(http.requests.count == 2)
      #expect(F.query(http.requests[1], "old_updated_at") == "7")
    }
  }
}
