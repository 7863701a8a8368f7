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

  static func posts(_ events: [TimelineEvent]) -> [TimelinePost] {
    events.compactMap { if case .post(let post) = $0 { post } else { nil } }
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
    let server = try TestServer(TestServer.withoutRateLimits)
    defer { server.stop() }
    let cited = try #require(try await server.client.perform(PostListRequest.self, .init(page: 3)).posts.first?.pid)
    for index in 0..<5 {
      _ = try await server.client.perform(SendPostRequest.self, .init(text: "quote \(index): #\(cited)"))
    }
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(server, folder: folder)
      let events = await loaders.timeline.timeline(pages: [1], options: TimelineOptions(loadsImages: false))
        .allValues()
      let citing = Self.posts(events).filter { $0.post.text.hasPrefix("quote ") }
      #expect(citing.count == 5)
      #expect(citing.allSatisfy { $0.quotes.all.first?.post?.pid == cited })
      #expect(Self.detailRequests(server.server, pid: cited).count == 1)
      guard case .page(let page) = events.first else { return }
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
    let server = try TestServer(TestServer.withoutRateLimits)
    defer { server.stop() }
    let bytes = F.png(width: 7, height: 5)
    for index in 0..<2 {
      _ = try await server.client.perform(SendPostRequest.self, .init(text: "same picture \(index)", image: bytes))
    }
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(server, folder: folder)
      let events = await loaders.timeline.timeline(pages: [1], options: TimelineOptions(loadsQuotes: false))
        .allValues()
      let pictures = Self.posts(events).filter { $0.post.text.hasPrefix("same picture") }
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
      let first = await firstRun.timeline.timeline(pages: [1, 2]).allValues()
      // As the CLI does before exiting: the loaders write the cache behind.
      await firstRun.flush()
      let images = Self.imageRequests(server.server).count
      let details = Self.detailRequests(server.server).count
      #expect(images > 0)
      #expect(details > 0)
      let second = try await Self.loaders(server, folder: folder).timeline.timeline(pages: [1, 2]).allValues()
      #expect(Self.imageRequests(server.server).count == images)
      #expect(Self.detailRequests(server.server).count == details)
      #expect(Self.posts(second).count == Self.posts(first).count)
      let secondImages = Self.posts(second).flatMap(\.images)
      #expect(secondImages.allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(
        Self.posts(second).flatMap(\.quotes.all).allSatisfy { quote in
          if case .post(_, .cache) = quote { true } else { quote == .missing(pid: quote.pid) }
        })
    }
  }

  @Test func withTheServerGoneTheTimelineComesFromTheCache() async throws {
    let server = try TestServer()
    try await F.withCache { _, folder in
      let onlineRun = try Self.loaders(server, folder: folder)
      let online = await onlineRun.timeline.timeline(pages: [1]).allValues()
      await onlineRun.flush()
      server.stop()
      let offline = try await Self.loaders(server, folder: folder).timeline.timeline(pages: [1]).allValues()
      guard case .offline = offline.first else {
        Issue.record("expected to go offline: \(offline.prefix(2))")
        return
      }
      #expect(Self.posts(offline).map(\.post.pid).sorted() == Self.posts(online).map(\.post.pid).sorted())
      #expect(Self.posts(offline).flatMap(\.images).allSatisfy { (try? $0.result.get())?.origin == .cache })
      #expect(!Self.posts(offline).flatMap(\.quotes.all).contains { if case .notCached = $0 { true } else { false } })
    }
  }

  @Test func cancellingDuringTheSlowPageRequestEndsTheTimelineAtOnce() async throws {
    let slow = try TestServer(ServerConfiguration(seed: 7, token: ClientFixtures.token, latency: .fixed(.seconds(2))))
    try await F.withCache { _, folder in
      let loaders = try Self.loaders(slow, folder: folder)
      let consumer = Task { await loaders.timeline.timeline(pages: [1, 2]).allValues() }
      await slow.server.waitForRequests { $0.count == 1 }
      consumer.cancel()
      let events = await consumer.value  // well before the server would answer
      #expect(events.isEmpty)
      #expect(loaders.limiter.activeCount(for: slow.client.configuration.apiRoot) == 0)
      slow.stop()
      #expect(slow.server.requests.count == 1)  // neither page 2 nor any part was asked for
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
