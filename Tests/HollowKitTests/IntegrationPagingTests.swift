import HollowKit
import HollowServer
import Testing

/// The pager against a real HollowServer.
@Suite struct IntegrationPagingTests {
  @Test func pagesTheWholeTimelineToExhaustion() async throws {
    let server = try TestServer(ServerConfiguration(seed: 11, postCount: 100, token: ClientFixtures.token))
    defer { server.stop() }
    let pager = PostPager(feed: .timeline, client: server.client)
    await pager.refresh()
    var rounds = 0
    while pager.snapshot.phase == .idle, rounds < 20 {
      await pager.loadMore()
      rounds += 1
    }
    let snapshot = pager.snapshot
    #expect(snapshot.phase == .exhausted)
    #expect(snapshot.posts.count == 100)
    #expect(Set(snapshot.posts.map(\.pid)).count == 100)
    #expect(snapshot.config != nil)
    // 100 posts, 2 pinned on page 1: pages of 30, 30, 30 and a short fourth page of 8.
    #expect(snapshot.loadedPages == 4)
    #expect(server.server.requestCount(path: "/v3/contents/post/list") == 4)
  }

  @Test func aFailedPageIsRetriedByLoadMore() async throws {
    let server = try TestServer(ServerConfiguration(seed: 11, postCount: 40, token: ClientFixtures.token))
    defer { server.stop() }
    let pager = PostPager(feed: .followed, client: server.client.withToken("wrong"))
    await pager.refresh()
    guard case .failed(let error) = pager.snapshot.phase, case .tokenExpired = error.kind else {
      Issue.record("expected a tokenExpired failure, got \(pager.snapshot.phase)")
      return
    }
    let retried = PostPager(feed: .followed, client: server.client)
    await retried.loadMore()
    #expect(retried.snapshot.loadedPages == 1)
    #expect(!retried.snapshot.posts.isEmpty)
  }

  @Test func pagesASearch() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let pager = PostPager(feed: .search(keywords: "的 a e", includeComments: true), client: server.client)
    await pager.refresh()
    while pager.snapshot.phase == .idle { await pager.loadMore() }
    #expect(pager.snapshot.phase == .exhausted)
    #expect(!pager.snapshot.posts.isEmpty)
    #expect(Set(pager.snapshot.posts.map(\.pid)).count == pager.snapshot.posts.count)
  }
}
