import Foundation
import HollowCache
import HollowKit
import HollowServer
import Testing

/// The feed model paging against a real HollowServer.
@Suite struct IntegrationPagingTests {
  typealias F = LoaderFixtures

  /// The first snapshot after a load has ended (nothing fetching).
  static func idle(_ model: FeedModel) async -> FeedSnapshot {
    for await snapshot in model.snapshots where !snapshot.isLoading && snapshot.phase != .loading {
      return snapshot
    }
    return model.snapshot
  }

  static func loaders(_ client: TreeHoleClient, folder: String) throws -> TreeHoleLoaders {
    TreeHoleLoaders(client: client, cache: try TreeHoleLoaders.openCache(for: client, directory: folder))
  }

  @Test func pagesTheWholeTimelineUpToItsEmptyPage() async throws {
    let server = try TestServer(ServerConfiguration(seed: 11, postCount: 100, token: ClientFixtures.token))
    defer { server.stop() }
    try await F.withCache { _, folder in
      let model = try Self.loaders(server.client, folder: folder).feeds.model(.timeline)
      model.refresh()
      var snapshot = await Self.idle(model)
      var rounds = 0
      while !snapshot.endReached, rounds < 20 {
        model.loadMore()
        snapshot = await Self.idle(model)
        rounds += 1
      }
      #expect(snapshot.endReached && snapshot.phase == .fresh)
      #expect(snapshot.posts.count == 100)
      #expect(Set(snapshot.posts.map(\.post.pid)).count == 100)
      #expect(snapshot.page(1)?.page.content.config != nil)
      // The end is the first empty page, whatever the length of the one before.
      #expect(snapshot.pages.last?.page.content.posts.isEmpty == true)
      #expect(snapshot.pages.dropLast().allSatisfy { !$0.posts.isEmpty })
    }
  }

  @Test func aFailedPageIsRetriedByLoadMore() async throws {
    let server = try TestServer(ServerConfiguration(seed: 11, postCount: 40, token: ClientFixtures.token))
    defer { server.stop() }
    try await F.withCache { _, folder in
      let model = try Self.loaders(server.client.withToken("wrong"), folder: folder).feeds.model(.followed)
      model.refresh()
      let failed = await Self.idle(model)
      guard case .lethal(let error) = failed.phase, case .tokenExpired = error.kind else {
        Issue.record("expected a tokenExpired failure, got \(failed.phase)")
        return
      }
      let retried = try Self.loaders(server.client, folder: folder).feeds.model(.followed)
      retried.loadMore()
      let snapshot = await Self.idle(retried)
      #expect(snapshot.lastPage == 1 && !snapshot.posts.isEmpty)
    }
  }

  @Test func pagesASearch() async throws {
    let server = try TestServer()
    defer { server.stop() }
    try await F.withCache { _, folder in
      let model = try Self.loaders(server.client, folder: folder).feeds.model(
        .search(SearchRequest.Parameters(keywords: "的 a e", includeComments: true)))
      model.refresh()
      var snapshot = await Self.idle(model)
      while !snapshot.endReached, snapshot.lastPage < 20 {
        model.loadMore()
        snapshot = await Self.idle(model)
      }
      #expect(snapshot.endReached)
      #expect(!snapshot.posts.isEmpty)
    }
  }
}
