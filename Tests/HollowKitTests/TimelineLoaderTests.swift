import Foundation
import HollowCache
import HollowKit
import Signal
import Testing

/// The timeline pipeline over stubbed HTTP: a page of five posts sharing images and citations.
@Suite struct TimelineLoaderTests {
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

  static func posts(_ events: [TimelineEvent]) -> [TimelinePost] {
    events.compactMap { if case .post(let post) = $0 { post } else { nil } }
  }

  static func paths(_ http: StubHTTPClient) -> [String] {
    http.requests.map { $0.url.path.hasSuffix("/post/detail") ? "detail \(F.query($0, "pid") ?? "")" : $0.url.path }
  }

  @Test func everyPostArrivesOnceWithItsImagesAndQuotesAndEachPartLoadsOnce() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      let events = await loaders.timeline.timeline(pages: [1]).allValues()
      guard case .page(let page) = events.first else {
        Issue.record("the page comes first: \(events)")
        return
      }
      #expect(page.origin == .network)
      let posts = Self.posts(events).sorted { $0.index < $1.index }
      #expect(posts.map(\.post.pid) == [1, 2, 3, 4, 5])
      #expect(posts.map(\.images.count) == [1, 1, 0, 1, 0])
      #expect(posts.map { $0.quotes.all.map(\.pid) } == [[100], [100, 101], [], [404], [101]])
      // Each text's own citations, resolved: post 4 cites #404 itself; its comment cites nothing.
      #expect(posts.map { $0.quotes.post.map(\.pid) } == [[100], [100, 101], [], [404], [101]])
      #expect(posts[3].quotes.comments.isEmpty)
      #expect(posts[3].quotes.all == [.missing(pid: 404)])
      #expect(posts[3].images.first?.reference.url.lastPathComponent == "b.png")
      #expect(posts.allSatisfy { $0.images.allSatisfy { (try? $0.result.get())?.header.size == Self.size } })
      let paths = Self.paths(http)
      #expect(paths.filter { $0.hasPrefix("detail") }.sorted() == ["detail 100", "detail 101", "detail 404"])
      #expect(paths.filter { $0.hasSuffix(".png") }.sorted() == ["/img/a.png", "/img/b.png"])
      #expect(paths.count == 6)
    }
  }

  @Test func inOrderDeliversPostsInPageOrderWithProgress() async throws {
    try await F.withCache { cache, _ in
      let loaders = Self.loaders(cache, http: StubHTTPClient(responder: Self.responder))
      let events = await loaders.timeline.timeline(
        pages: [1], options: TimelineOptions(ordering: .inOrder, reportsProgress: true)
      ).allValues()
      #expect(Self.posts(events).map(\.index) == [0, 1, 2, 3, 4])
      let progress = events.compactMap { if case .progress(let progress) = $0 { progress } else { nil } }
      #expect(
        progress.last
          == TimelineProgress(
            postsDone: 5, postsTotal: 5, imagesDone: 2, imagesTotal: 2, quotesDone: 3, quotesTotal: 3))
      #expect(progress.map(\.postsDone) == progress.map(\.postsDone).sorted())
    }
  }

  @Test func asReadyDeliversAPostAsSoonAsItsOwnPartsAreReady() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(isGated: { $0.url.path.hasSuffix(".png") }, responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      var events = loaders.timeline.timeline(pages: [1]).makeAsyncIterator()
      guard case .page = await events.next() else {
        Issue.record("expected the page first")
        return
      }
      // Images are held: the post without parts and the one citing only #101 come first.
      var early: [Int] = []
      for _ in 0..<2 {
        if case .post(let post) = await events.next() { early.append(post.post.pid) }
      }
      #expect(early.sorted() == [3, 5])
      http.open()
      var late: [Int] = []
      while let event = await events.next() {
        if case .post(let post) = event { late.append(post.post.pid) }
      }
      #expect(late.sorted() == [1, 2, 4])
    }
  }

  @Test func aSecondRunWithAWarmCacheSendsOnlyThePageRequest() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      _ = await loaders.timeline.timeline(pages: [1]).allValues()
      let before = http.requests.count
      let events = await loaders.timeline.timeline(pages: [1]).allValues()
      #expect(http.requests.count == before + 1)
      #expect(http.requests.last?.url.path.hasSuffix("/post/list") == true)
      let posts = Self.posts(events)
      #expect(posts.flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(posts.flatMap(\.quotes.all).allSatisfy { $0 == .missing(pid: 404) || $0.post != nil })
    }
  }

  @Test func offlineModeServesTheCacheAndSendsNothing() async throws {
    try await F.withCache { cache, _ in
      let warm = StubHTTPClient(responder: Self.responder)
      _ = await Self.loaders(cache, http: warm).timeline.timeline(pages: [1]).allValues()
      let http = StubHTTPClient(responder: Self.responder)
      let events = await Self.loaders(cache, http: http).timeline.timeline(
        pages: [1, 2], options: TimelineOptions(ordering: .inOrder, offline: true)
      ).allValues()
      #expect(http.requests.isEmpty)
      #expect(events.first == .offline(.requested))
      guard case .page(let page) = events.dropFirst().first else {
        Issue.record("expected the cached page: \(events)")
        return
      }
      #expect(page.origin == .cache)
      #expect(page.offline == .requested)
      #expect(page.cachedAt != nil)
      #expect(Self.posts(events).count == 5)
      #expect(Self.posts(events).flatMap(\.quotes.all).allSatisfy { $0 == .missing(pid: 404) || $0.post != nil })
      #expect(events.last == .pageFailed(page: 2, .notCached))
    }
  }

  @Test func anUnreachableServerSwitchesToTheCache() async throws {
    try await F.withCache { cache, _ in
      _ = await Self.loaders(cache, http: StubHTTPClient(responder: Self.responder)).timeline.timeline(pages: [1])
        .allValues()
      let down = StubHTTPClient { _ in .failure(.notConnected) }
      let events = await Self.loaders(cache, http: down).timeline.timeline(
        pages: [1, 2], options: TimelineOptions(ordering: .inOrder)
      ).allValues()
      guard case .offline(let reason) = events.first else {
        Issue.record("expected to go offline first: \(events)")
        return
      }
      #expect(reason.description == "post/list: cannot connect to the server")
      #expect(reason.transportFailure == .notConnected)
      guard case .page(let page) = events.dropFirst().first else {
        Issue.record("expected the cached page: \(events)")
        return
      }
      #expect(page.origin == .cache && page.offline == reason && page.cachedAt != nil)
      #expect(Self.posts(events).count == 5)
      #expect(Self.posts(events).flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(down.requests.count == 1)  // once offline, nothing more is sent
      #expect(events.last == .pageFailed(page: 2, .notCached))
    }
  }

  @Test func aFailedPageIsReportedAndTheNextPageStillLoads() async throws {
    try await F.withCache { cache, _ in
      let loaders = Self.loaders(cache, http: StubHTTPClient(responder: Self.responder))
      let events = await loaders.timeline.timeline(pages: [9, 1], options: TimelineOptions(loadsImages: false))
        .allValues()
      guard case .pageFailed(9, .request(let error)) = events.first else {
        Issue.record("expected page 9 to fail first: \(events)")
        return
      }
      #expect(error.kind == .server(code: -1, message: "boom"))
      #expect(Self.posts(events).count == 5)
    }
  }

  @Test func partsCanBeSwitchedOff() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.responder)
      let events = await Self.loaders(cache, http: http).timeline.timeline(
        pages: [1], options: TimelineOptions(loadsImages: false, loadsQuotes: false)
      ).allValues()
      #expect(Self.posts(events).count == 5)
      #expect(Self.posts(events).allSatisfy { $0.images.isEmpty && $0.quotes == .none })
      #expect(http.requests.count == 1)
    }
  }

  @Test func droppingTheIteratorCancelsEveryDownload() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(
        isGated: { !$0.url.path.hasSuffix("/post/list") }, responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      var events: TimelineLoad.Iterator? = loaders.timeline.timeline(pages: [1]).makeAsyncIterator()
      guard case .page = await events?.next() else {
        Issue.record("expected the page first")
        return
      }
      await http.waitForStarted(5)
      events = nil
      #expect(await F.eventually { http.cancelledCount == 5 })
      #expect(await F.eventually { loaders.images.liveDownloadCount == 0 && loaders.quotes.liveRequestCount == 0 })
    }
  }

  @Test func cancellingTheTimelineEndsItOnlyAfterItsRequestReturned() async throws {
    // The race behind the flaky cancellingDuringTheSlowPageRequestEndsTheTimelineAtOnce: the subscriber
    // saw the end while the cancelled page request was still unwinding, holding its permit.
    try await F.withCache { cache, _ in
      let http = SlowUnwindHTTPClient(unwindYields: 1000)
      let loaders = Self.loaders(cache, http: http)
      let consumer = Task { await loaders.timeline.timeline(pages: [1, 2]).allValues() }
      #expect(await F.eventually { http.heldCount == 1 })
      consumer.cancel()
      #expect(await consumer.value.isEmpty)
      #expect(http.returnedCount == 1)
      #expect(loaders.limiter.activeCount(for: ClientFixtures.apiRoot) == 0)
    }
  }

  @Test func cancellingTheTimelineCancelsEveryDownload() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(
        isGated: { !$0.url.path.hasSuffix("/post/list") }, responder: Self.responder)
      let loaders = Self.loaders(cache, http: http)
      let consumer = Task { await loaders.timeline.timeline(pages: [1, 2]).allValues() }
      await http.waitForStarted(5)  // two images and three quotes, all held
      // Page 2 is asked for as soon as page 1 arrives, while page 1's parts are still held.
      let pageRequests = { http.requests.count(where: { $0.url.path.hasSuffix("/post/list") }) }
      #expect(await F.eventually { pageRequests() == 2 })
      consumer.cancel()
      let events = await consumer.value
      #expect(Self.posts(events).map(\.post.pid).allSatisfy { $0 == 3 })
      #expect(await F.eventually { http.cancelledCount == 5 })
      #expect(await F.eventually { loaders.images.liveDownloadCount == 0 && loaders.quotes.liveRequestCount == 0 })
      #expect(loaders.limiter.activeCount(for: F.imageBase) == 0)
      #expect(pageRequests() == 2)  // each page once
    }
  }
}
