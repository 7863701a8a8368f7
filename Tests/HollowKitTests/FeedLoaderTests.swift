import Foundation
import HollowCache
import HollowKit
import Signal
import Testing

/// The feed model over stubbed HTTP: a page of five posts sharing images and citations.
@Suite struct FeedLoaderTests {
  typealias F = LoaderFixtures
  static let size = ImageMetadata(width: 4, height: 3)

  /// 1: image a, cites #100 · 2: image a, cites #100 #101 · 3: nothing · 4: a comment with image b,
  /// cites #404 (missing) · 5: cites #101.
  static let page: PostPage = {
    func post(_ pid: Int, _ text: String, image: String? = nil) -> Post {
      var post = ClientFixtures.post(pid)
      post.text = text
      if let image {
        post.type = .image
        post.imagePath = image
        post.imageMetadata = size
      }
      return post
    }
    let comment = Comment(
      cid: 1, pid: 4, text: "pic", type: .image, timestamp: 0, name: "A", imagePath: "b.png", imageMetadata: size)
    return PostPage(
      posts: [
        post(1, "#100", image: "a.png"), post(2, "#100 #101", image: "a.png"), post(3, "plain"), post(4, "#404"),
        post(5, "#101"),
      ], comments: [4: [comment]])
  }()

  static let responder: StubHTTPClient.Responder = { request in
    let path = request.url.path
    if path.hasSuffix("/post/list") {
      return F.query(request, "page") == "9" ? F.error(code: -1, message: "boom") : F.json(page)
    }
    if path.hasSuffix("/post/detail") {
      let pid = F.query(request, "pid").flatMap(Int.init) ?? 0
      return pid == 404 ? F.error(code: -101) : F.json(PostDetail(post: ClientFixtures.post(pid), comments: nil))
    }
    return F.response(F.png(width: 4, height: 3))
  }

  /// Loaders whose client does not retry: one exchange per request (RequestRetryTests cover retries).
  static func loaders(_ cache: TwoTierCache, http: any HTTPClient) -> TreeHoleLoaders {
    let configuration = ClientConfiguration(
      apiRoot: ClientFixtures.apiRoot, token: ClientFixtures.token, imageBaseURL: F.imageBase)
    return TreeHoleLoaders(
      client: TreeHoleClient(configuration: configuration, http: http, retry: .never), cache: cache)
  }

  /// Loads `pages` of `source` and answers the first settled snapshot (every page and part arrived).
  static func settled(
    _ loaders: TreeHoleLoaders, pages: [Int], source: FeedSource = .timeline,
    options: FeedStateMachine.Options = .init(imageBaseURL: F.imageBase)
  ) async -> FeedSnapshot {
    let model = loaders.feeds.model(source, options: options)
    model.load(pages: pages)
    for await snapshot in model.snapshots where snapshot.isSettled { return snapshot }
    return model.snapshot
  }

  static func paths(_ http: StubHTTPClient) -> [String] {
    http.requests.map { $0.url.path.hasSuffix("/post/detail") ? "detail \(F.query($0, "pid") ?? "")" : $0.url.path }
  }

  @Test func everyPostArrivesOnceWithItsImagesAndQuotesAndEachPartLoadsOnce() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let snapshot = await Self.settled(Self.loaders(cache, http: http), pages: [1])
      #expect(snapshot.pages.map(\.number) == [1] && snapshot.origin == .network && snapshot.phase == .fresh)
      let posts = snapshot.posts
      #expect(posts.map(\.post.pid) == [1, 2, 3, 4, 5] && posts.allSatisfy { $0.isReady })
      #expect(posts.map(\.images.count) == [1, 1, 0, 1, 0])
      #expect(posts.map { $0.quotes.all.map(\.pid) } == [[100], [100, 101], [], [404], [101]])
      #expect(posts.map { $0.quotes.post.map(\.pid) } == [[100], [100, 101], [], [404], [101]])
      #expect(posts[3].quotes.comments.isEmpty)
      #expect(posts[3].quotes.all == [.missing(pid: 404)])
      #expect(posts[3].images.first?.reference.url.lastPathComponent == "b.png")
      #expect(posts.allSatisfy { $0.images.allSatisfy { (try? $0.result.get())?.header.size == Self.size } })
      let paths = Self.paths(http)
      #expect(paths.filter { $0.hasPrefix("detail") }.sorted() == ["detail 100", "detail 101", "detail 404"])
      #expect(paths.filter { $0.hasSuffix(".png") }.sorted() == ["/img/a.png", "/img/b.png"])
      #expect(paths.count == 6)
      #expect(
        snapshot.progress
          == FeedProgress(postsDone: 5, postsTotal: 5, imagesDone: 2, imagesTotal: 2, quotesDone: 3, quotesTotal: 3))
    }
  }

  @Test func aPostIsReadyAsSoonAsItsOwnPartsAre() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(isGated: { $0.url.path.hasSuffix(".png") }, responder: Self.responder)
      let model = Self.loaders(cache, http: http).feeds.model(.timeline, options: .init(imageBaseURL: F.imageBase))
      model.load(pages: [1])
      // Images are held: the post without parts and the one citing only #101 are ready first.
      var early: FeedSnapshot?
      for await snapshot in model.snapshots where snapshot.progress.quotesDone == 3 {
        early = snapshot
        break
      }
      #expect(early?.posts.filter(\.isReady).map(\.post.pid) == [3, 5])
      http.open()
      for await snapshot in model.snapshots where snapshot.isSettled {
        #expect(snapshot.posts.allSatisfy { $0.isReady })
        break
      }
    }
  }

  @Test func aSecondRunWithAWarmCacheSendsOnlyThePageRequest() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      _ = await Self.settled(loaders, pages: [1])
      let before = http.requests.count
      let snapshot = await Self.settled(loaders, pages: [1])
      #expect(http.requests.count == before + 1)
      #expect(http.requests.last?.url.path.hasSuffix("/post/list") == true)
      #expect(snapshot.posts.flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(snapshot.posts.flatMap(\.quotes.all).allSatisfy { $0 == .missing(pid: 404) || $0.post != nil })
    }
  }

  @Test func offlineModeServesTheCacheAndSendsNothing() async throws {
    try await F.withCache { cache, _ in
      _ = await Self.settled(Self.loaders(cache, http: StubHTTPClient(responder: Self.responder)), pages: [1])
      let http = StubHTTPClient(responder: Self.responder)
      let snapshot = await Self.settled(
        Self.loaders(cache, http: http), pages: [1, 2], options: .init(imageBaseURL: F.imageBase, offline: true))
      #expect(http.requests.isEmpty)
      #expect(snapshot.offlineReason == .requested && snapshot.phase == .offline)
      let page = try #require(snapshot.page(1)?.page)
      #expect(page.origin == .cache && page.offline == .requested && page.cachedAt != nil)
      #expect(snapshot.posts.count == 5)
      #expect(snapshot.posts.flatMap(\.quotes.all).allSatisfy { $0 == .missing(pid: 404) || $0.post != nil })
      #expect(snapshot.failures == [2: .notCached])
    }
  }

  @Test func anUnreachableServerSwitchesToTheCache() async throws {
    try await F.withCache { cache, _ in
      _ = await Self.settled(Self.loaders(cache, http: StubHTTPClient(responder: Self.responder)), pages: [1])
      let down = StubHTTPClient { _ in .failure(.notConnected) }
      let snapshot = await Self.settled(Self.loaders(cache, http: down), pages: [1, 2])
      let reason = try #require(snapshot.offlineReason)
      #expect(reason.description == "post/list: cannot connect to the server")
      #expect(reason.transportFailure == .notConnected)
      let page = try #require(snapshot.page(1)?.page)
      #expect(page.origin == .cache && page.offline == reason && page.cachedAt != nil)
      #expect(snapshot.posts.count == 5 && snapshot.phase == .offline)
      #expect(snapshot.posts.flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      // Both pages were asked for at once; once offline, nothing more is sent (the parts come from the cache).
      #expect(down.requests.count == 2 && down.requests.allSatisfy { $0.url.path.hasSuffix("/post/list") })
      #expect(snapshot.failures == [2: .notCached])
    }
  }

  @Test func aFailedPageIsReportedAndTheNextPageStillLoads() async throws {
    try await F.withCache { cache, _ in
      let loaders = Self.loaders(cache, http: StubHTTPClient(responder: Self.responder))
      let snapshot = await Self.settled(loaders, pages: [9, 1], options: .init())
      guard case .request(let error) = snapshot.failures[9] else {
        Issue.record("expected page 9 to fail: \(snapshot.failures)")
        return
      }
      #expect(error.kind == .server(code: -1, message: "boom"))
      #expect(snapshot.posts.count == 5)
    }
  }

  @Test func partsCanBeSwitchedOff() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let snapshot = await Self.settled(
        Self.loaders(cache, http: http), pages: [1], options: .init(imageBaseURL: nil, loadsQuotes: false))
      #expect(snapshot.posts.count == 5)
      #expect(snapshot.posts.allSatisfy { $0.images.isEmpty && $0.quotes == .none && $0.isReady })
      #expect(http.requests.count == 1)
    }
  }

  @Test func cancellingTheModelCancelsEveryDownload() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(
        isGated: { !$0.url.path.hasSuffix("/post/list") }, responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      let model = loaders.feeds.model(.timeline, options: .init(imageBaseURL: F.imageBase))
      model.load(pages: [1, 2])
      await http.waitForStarted(5)  // two images and three quotes, all held
      // Page 2 is asked for with page 1; page 1's parts are held.
      let pageRequests = { http.requests.count(where: { $0.url.path.hasSuffix("/post/list") }) }
      #expect(await F.eventually { pageRequests() == 2 })
      model.cancel()
      #expect(await F.eventually { http.cancelledCount == 5 })
      #expect(await F.eventually { loaders.images.liveDownloadCount == 0 && loaders.quotes.liveRequestCount == 0 })
      #expect(await F.eventually { loaders.limiter.activeCount(for: F.imageBase) == 0 })
      #expect(pageRequests() == 2)  // each page once
    }
  }
}
