import Foundation
import HollowCache
import HollowKit
import HollowServer
import Testing

/// Request-counting proofs for the loaders against a real HollowServer on loopback, read from the
/// server's request log.
@Suite struct LoaderIntegrationTests {
  typealias F = LoaderFixtures
  static let detailPath = "/v3/contents/post/detail"

  /// Loaders for `server` over a cache in `folder` (a new cache object per call, like a new CLI run).
  static func loaders(_ server: TestServer, folder: String, limitPerHost: Int = 6) throws -> TreeHoleLoaders {
    let cache = try TreeHoleLoaders.openCache(for: server.client, directory: folder)
    return TreeHoleLoaders(client: server.client, cache: cache, limitPerHost: limitPerHost)
  }

  /// Loads `pages` of the timeline and answers the settled snapshot.
  static func settled(_ loaders: TreeHoleLoaders, pages: [Int], options: FeedStateMachine.Options) async
    -> FeedSnapshot
  {
    let model = loaders.feeds.model(.timeline, options: options)
    model.load(pages: pages)
    for await snapshot in model.snapshots where snapshot.isSettled { return snapshot }
    return model.snapshot
  }

  static func all(_ server: TestServer) -> FeedStateMachine.Options {
    FeedStateMachine.Options(imageBaseURL: server.server.imageBaseURL)
  }

  static func imageRequests(_ server: HollowServer) -> [LoggedRequest] {
    server.requests.filter { $0.path.hasPrefix("/images/") }
  }

  static func detailRequests(_ server: HollowServer, pid: Int? = nil) -> [LoggedRequest] {
    server.requests.filter { request in
      request.path == detailPath && (pid == nil || request.query.contains(QueryItem(name: "pid", value: "\(pid!)")))
    }
  }

  @Test func aPageCitingOnePostFiveTimesMakesOneDetailRequest() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cited = try #require(try await server.client.perform(PostListRequest.self, .init(page: 3)).posts.first?.pid)
    for index in 0..<5 {
      _ = try await server.client.perform(SendPostRequest.self, .init(text: "quote \(index): #\(cited)"))
    }
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(server, folder: folder)
      let snapshot = await Self.settled(loaders, pages: [1], options: FeedStateMachine.Options())
      let citing = snapshot.posts.filter { $0.post.text.hasPrefix("quote ") }
      #expect(citing.count == 5)
      #expect(citing.allSatisfy { $0.quotes.all.first?.post?.pid == cited })
      #expect(Self.detailRequests(server.server, pid: cited).count == 1)
      let page = try #require(snapshot.page(1)?.page)
      // Every distinct cited pid of the page, and nothing else, was asked for exactly once.
      let asked = Self.detailRequests(server.server).compactMap { $0.query.first { $0.name == "pid" }?.value }
      #expect(asked.count == Set(asked).count)
      #expect(Set(asked) == Set(QuoteLoader.citedPids(in: page.content).map(String.init)))
      #expect(
        Self.detailRequests(server.server).allSatisfy {
          $0.query.contains(QueryItem(name: "include_comment", value: "0"))
        })
    }
  }

  @Test func theSameImageInTwoPostsIsDownloadedOnce() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let bytes = F.png(width: 7, height: 5)
    for index in 0..<2 {
      _ = try await server.client.perform(SendPostRequest.self, .init(text: "same picture \(index)", image: bytes))
    }
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(server, folder: folder)
      let snapshot = await Self.settled(
        loaders, pages: [1],
        options: FeedStateMachine.Options(imageBaseURL: server.server.imageBaseURL, loadsQuotes: false))
      let pictures = snapshot.posts.filter { $0.post.text.hasPrefix("same picture") }
      #expect(pictures.count == 2)
      let path = try #require(pictures.first?.post.imagePath)
      #expect(pictures.allSatisfy { $0.post.imagePath == path })
      for picture in pictures {
        let image = try #require(try picture.images.first?.result.get())
        #expect(image.data == bytes)
        #expect(image.header.size == ImageMetadata(width: 7, height: 5))
      }
      #expect(Self.imageRequests(server.server).count(where: { $0.path == "/images/\(path)" }) == 1)
      // And every image of the page was downloaded exactly once.
      let downloaded = Self.imageRequests(server.server).map(\.path)
      #expect(downloaded.count == Set(downloaded).count)
    }
  }

  @Test func aSecondRunWithAWarmCacheMakesNoImageOrQuoteRequest() async throws {
    let server = try TestServer()
    defer { server.stop() }
    try await F.withCache { _, folder in
      let firstRun = try Self.loaders(server, folder: folder)
      let first = await Self.settled(firstRun, pages: [1, 2], options: Self.all(server))
      // As the CLI does before exiting: the loaders write the cache behind.
      await firstRun.flush()
      let images = Self.imageRequests(server.server).count
      let details = Self.detailRequests(server.server).count
      #expect(images > 0)
      #expect(details > 0)
      let second = await Self.settled(
        try Self.loaders(server, folder: folder), pages: [1, 2], options: Self.all(server))
      #expect(Self.imageRequests(server.server).count == images)
      #expect(Self.detailRequests(server.server).count == details)
      #expect(second.posts.count == first.posts.count)
      let secondImages = second.posts.flatMap(\.images)
      #expect(secondImages.allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(
        second.posts.flatMap(\.quotes.all).allSatisfy { quote in
          if case .post(_, .cache) = quote { true } else { quote == .missing(pid: quote.pid) }
        })
    }
  }

  @Test func withTheServerGoneTheTimelineComesFromTheCache() async throws {
    let server = try TestServer()
    try await F.withCache { _, folder in
      let onlineRun = try Self.loaders(server, folder: folder)
      let online = await Self.settled(onlineRun, pages: [1], options: Self.all(server))
      await onlineRun.flush()
      server.stop()
      let offline = await Self.settled(try Self.loaders(server, folder: folder), pages: [1], options: Self.all(server))
      #expect(offline.offlineReason != nil && offline.phase == .offline)
      #expect(offline.posts.map(\.post.pid).sorted() == online.posts.map(\.post.pid).sorted())
      #expect(offline.posts.flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(!offline.posts.flatMap(\.quotes.all).contains { if case .notCached = $0 { true } else { false } })
    }
  }

  @Test func cancellingDuringTheSlowPageRequestEndsTheTimelineAtOnce() async throws {
    let slow = try TestServer(ServerConfiguration(seed: 7, token: ClientFixtures.token, latency: .fixed(.seconds(2))))
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(slow, folder: folder)
      let model = loaders.feeds.model(.timeline, options: Self.all(slow))
      model.load(pages: [1, 2])
      // Both pages are asked for at once (the timeline's end is in the answers, not in the asking).
      await slow.server.waitForRequests { $0.count == 2 }
      model.cancel()  // well before the server would answer
      #expect(await F.eventually { loaders.limiter.activeCount(for: slow.client.configuration.apiRoot) == 0 })
      #expect(model.snapshot.pages.isEmpty)
      slow.stop()
      #expect(slow.server.requests.count == 2)  // no part was asked for
    }
  }

  @Test func cancellingRunningDownloadsClosesTheirConnections() async throws {
    let fast = try TestServer()
    defer { fast.stop() }
    // The same seed serves the same posts and images; the slow server holds every answer. The latency must
    // outlast the time from the server logging the third request to the test cancelling: an answer that
    // arrives first leaves its connection alive for reuse. Under coverage with every suite running at once,
    // 2 s was once not enough.
    let slow = try TestServer(ServerConfiguration(seed: 7, token: ClientFixtures.token, latency: .fixed(.seconds(5))))
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(slow, folder: folder, limitPerHost: 3)
      let page = try await fast.client.perform(PostListRequest.self, .init(page: 1))
      let references = ImageReference.all(in: page, imageBaseURL: slow.server.imageBaseURL!)
      #expect(references.count > 3)
      let downloads = references.map { reference in Task { try await loaders.images.image(reference) } }
      await slow.server.waitForRequests { $0.filter { $0.path.hasPrefix("/images/") }.count == 3 }
      // The queued downloads are cancelled first: a cancelled request frees its permit at once, and a
      // queued download not yet cancelled would take it and start (the race behind 4 or 6 requests here).
      let started = Set(Self.imageRequests(slow.server).map(\.path))
      let isRunning = references.map { started.contains($0.url.path) }
      #expect(isRunning.count(where: { $0 }) == 3)
      for (download, running) in zip(downloads, isRunning) where !running { download.cancel() }
      for (download, running) in zip(downloads, isRunning) where running { download.cancel() }
      for download in downloads {
        await #expect(throws: ImageLoadError.cancelled) { try await download.value }
      }
      #expect(await F.eventually { loaders.images.liveDownloadCount == 0 })
      #expect(loaders.images.inFlightCount == 0)
      #expect(loaders.limiter.waitingCount == 0)
      // The client closed the three connections: once its latency is over, the server finds each one gone.
      #expect(await F.eventually { slow.server.openConnectionCount == 0 })
      #expect(Self.imageRequests(slow.server).count == 3)  // the queued downloads never started
      #expect(loaders.images.statistics.cacheHits == 0)
      slow.stop()
    }
  }
}
