import Foundation
import HollowCache
import HollowKit
import Signal
import Testing

@Suite struct QuoteLoaderTests {
  typealias F = LoaderFixtures

  /// Answers detail requests: pids in `missing` are -101, others a post-only answer.
  static func detailResponder(missing: Set<Int> = []) -> StubHTTPClient.Responder {
    { request in
      guard let pid = F.query(request, "pid").flatMap(Int.init) else { return F.error(code: -1) }
      if missing.contains(pid) { return F.error(code: -101, message: "没有这条树洞") }
      return F.json(PostDetail(post: ClientFixtures.post(pid), comments: nil))
    }
  }

  static func loader(_ cache: TwoTierCache, http: any HTTPClient) -> QuoteLoader {
    let configuration = ClientConfiguration(apiRoot: ClientFixtures.apiRoot, token: ClientFixtures.token)
    return QuoteLoader(
      client: TreeHoleClient(configuration: configuration, http: http, retry: .never), store: PostStore(cache: cache),
      limiter: HostLimiter())
  }

  @Test func citedPidsAreDistinctAcrossPostAndCommentsWithoutTheOwnPid() {
    var post = ClientFixtures.post(10)
    post.text = "see #7 and #10, #7 again #8"
    let comments = [
      Comment(cid: 1, pid: 10, text: "#9 #8", timestamp: 0, name: "A"),
      Comment(cid: 2, pid: 10, text: "#10", timestamp: 0, name: "B"),
    ]
    #expect(QuoteLoader.citedPids(in: post, comments: comments) == [7, 8, 9])
  }

  @Test func citedPidsOfAPageAreDistinctAcrossPosts() {
    var page = ClientFixtures.page(1...5)
    for index in page.posts.indices { page.posts[index].text = "#99 #\(index + 1) #42" }
    page.comments = [3: [Comment(cid: 1, pid: 3, text: "#77", timestamp: 0, name: "A")]]
    #expect(QuoteLoader.citedPids(in: page) == [99, 42, 77])
  }

  @Test func aPidCitedFiveTimesOnAPageMakesOneRequest() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.detailResponder())
      let quotes = Self.loader(cache, http: http)
      var page = ClientFixtures.page(1...5)
      for index in page.posts.indices { page.posts[index].text = "as #500 said" }
      let pids = QuoteLoader.citedPids(in: page)
      let outcomes = await quotes.publisher(for: pids).allValues()
      #expect(outcomes.count == 1)
      #expect(outcomes.first?.1.value?.post?.pid == 500)
      #expect(http.requests.count == 1)
      #expect(F.query(http.requests[0], "include_comment") == "0")
    }
  }

  @Test func concurrentLoadsOfOnePidShareOneRequest() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(responder: Self.detailResponder())
      let quotes = Self.loader(cache, http: http)
      let callers = (0..<5).map { _ in Task { await quotes.quote(500) } }
      await http.waitForStarted(1)
      #expect(await F.eventually { quotes.statistics.coalesced == 4 })
      http.open()
      for caller in callers {
        let quote = await caller.value
        #expect(quote.post?.pid == 500)
      }
      #expect(http.requests.count == 1)
    }
  }

  @Test func aMissingPidIsMissingAndRemembered() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.detailResponder(missing: [404]))
      let quotes = Self.loader(cache, http: http)
      let outcomes = await quotes.publisher(for: [404, 5], ordering: .index).allValues().map(\.1.value)
      #expect(outcomes == [.missing(pid: 404), .post(ClientFixtures.post(5), origin: .network)])
      #expect(await quotes.quote(404) == .missing(pid: 404))
      #expect(await quotes.quote(5) == .post(ClientFixtures.post(5), origin: .cache))
      #expect(http.requests.count == 2)
    }
  }

  @Test func failuresAreOutcomesNotMissing() async throws {
    try await F.withCache { cache, _ in
      let quotes = Self.loader(cache, http: StubHTTPClient { _ in F.error(code: -1, message: "busy") })
      let quote = await quotes.quote(5)
      guard case .failed(5, let error) = quote else {
        Issue.record("expected a failure, got \(quote)")
        return
      }
      #expect(error.kind == .server(code: -1, message: "busy"))
      #expect(await quotes.store.isMissing(5) == false)
      #expect(quotes.statistics.failures == 1)
    }
  }

  @Test func cacheOnlySendsNothing() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient(responder: Self.detailResponder())
      let quotes = Self.loader(cache, http: http)
      #expect(await quotes.quote(5, policy: .cacheOnly) == .notCached(pid: 5))
      try await quotes.store.store(ClientFixtures.post(5))
      #expect(await quotes.quote(5, policy: .cacheOnly) == .post(ClientFixtures.post(5), origin: .cache))
      #expect(http.requests.isEmpty)
    }
  }

  @Test func aLoadedQuoteNeverReplacesCachedComments() async throws {
    try await F.withCache { cache, _ in
      let store = PostStore(cache: cache)
      let comment = Comment(cid: 1, pid: 5, text: "first", timestamp: 1, name: "A")
      try await store.store(ClientFixtures.post(5), comments: [comment])
      try await cache.removeValue(forKey: CacheKeys.post(5))  // the post expired, its comments did not
      let quotes = Self.loader(cache, http: StubHTTPClient(responder: Self.detailResponder()))
      #expect(await quotes.quote(5).post?.pid == 5)
      #expect(await store.comments(5) == CachedComments(comments: [comment], asOf: 5))
    }
  }

  @Test func cancellingTheOnlyCallerCancelsTheRequest() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient(responder: Self.detailResponder())
      let quotes = Self.loader(cache, http: http)
      let caller = Task { await quotes.quote(5) }
      await http.waitForStarted(1)
      caller.cancel()
      let quote = await caller.value
      #expect(quote == .failed(pid: 5, HollowError(request: "post/detail", kind: .transport(.cancelled))))
      #expect(await F.eventually { http.cancelledCount == 1 && quotes.liveRequestCount == 0 })
    }
  }
}
