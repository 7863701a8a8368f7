import Foundation
import HollowCache
import HollowKit
import SignalTesting
import Synchronization
import Testing

@Suite struct ImageLoaderTests {
  typealias F = LoaderFixtures
  let url = F.imageBase.appendingPathComponent("ab/abcdef.png")
  let size = ImageMetadata(width: 4, height: 3)

  @Test func downloadsVerifiesAndCachesSoTheSecondLoadSendsNothing() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let first = try await images.image(at: url, expected: size)
      #expect(first.origin == .network)
      #expect(first.header == ImageHeader(format: .png, size: size))
      let second = try await images.image(at: url, expected: size)
      #expect(second.origin == .cache)
      #expect(second.data == first.data)
      #expect(http.requests.count == 1)
      #expect(http.requests[0].headers["TOKEN"] == nil)  // the image host never gets the token
      #expect(await cache.data(forKey: CacheKeys.image(url)) == first.data)
      #expect(images.statistics == LoaderStatistics(cacheHits: 1, requests: 1))
    }
  }

  @Test func aDownloadIsRetriedAfterAServerErrorAsTheRetryPolicySays() async throws {
    try await F.withCache { cache, _ in
      let clock = TestClock()
      let attempts = Atomic(0)
      let http = StubHTTPClient { _ in
        attempts.add(1, ordering: .relaxed).oldValue == 0
          ? F.response(Data(), status: 503)
          : F.response(F.png(width: 4, height: 3))
      }
      let retry = RequestRetry(
        policy: .upTo(2, backoff: .constant(.seconds(1))), maximumRetryAfter: .seconds(10), clock: clock)
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter(), retry: retry)
      let url = url
      let load = Task { try await images.image(at: url) }
      await clock.waitForSleepers(count: 1)
      #expect(http.requests.count == 1)
      await clock.advance(by: .seconds(1))
      let image = try await load.value
      #expect(image.origin == .network)
      #expect(http.requests.count == 2)
    }
  }

  @Test func concurrentCallersOfOneURLShareOneDownload() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let url = url
      let callers = (0..<5).map { _ in Task { try await images.image(at: url) } }
      await http.waitForStarted(1)
      #expect(await F.eventually { images.statistics.coalesced == 4 })
      http.open()
      for caller in callers {
        let image = try await caller.value
        #expect(image.origin == .network)
      }
      #expect(http.requests.count == 1)
    }
  }

  @Test func cancellingOneOfTwoJoinersKeepsTheDownloadForTheOther() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let url = url
      let leaver = Task { try await images.image(at: url) }
      await http.waitForStarted(1)
      let stayer = Task { try await images.image(at: url) }
      #expect(await F.eventually { images.statistics.coalesced == 1 })
      leaver.cancel()
      await #expect(throws: ImageLoadError.cancelled) { try await leaver.value }
      http.open()
      let image = try await stayer.value
      #expect(image.header.size == size)
      #expect(http.cancelledCount == 0)
      #expect(http.requests.count == 1)
    }
  }

  @Test func cancellingEveryCallerCancelsTheDownload() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let url = url
      let callers = (0..<3).map { _ in Task { try await images.image(at: url) } }
      await http.waitForStarted(1)
      #expect(await F.eventually { images.statistics.coalesced == 2 })
      for caller in callers { caller.cancel() }
      for caller in callers { await #expect(throws: ImageLoadError.cancelled) { try await caller.value } }
      #expect(await F.eventually { http.cancelledCount == 1 && images.liveDownloadCount == 0 })
      #expect(images.inFlightCount == 0)
      #expect(await cache.data(forKey: CacheKeys.image(url)) == nil)
    }
  }

  @Test func aSizeMismatchIsAnErrorAndNothingIsStored() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 5, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.sizeMismatch(expected: size, actual: ImageMetadata(width: 5, height: 3))) {
        try await images.image(at: url, expected: size)
      }
      #expect(await cache.data(forKey: CacheKeys.image(url)) == nil)
      #expect(images.statistics.failures == 1)
    }
  }

  @Test func bytesThatAreNotAnImageAreRejectedAndNotStored() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(Data("<html>502 bad gateway</html>".utf8)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.invalidImage(.unknownSignature)) { try await images.image(at: url) }
      #expect(await cache.data(forKey: CacheKeys.image(url)) == nil)
    }
  }

  @Test func aTruncatedDownloadIsRejected() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 4, height: 3).prefix(20)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.invalidImage(.truncated(format: .png))) { try await images.image(at: url) }
    }
  }

  @Test func httpErrorsAndTransportFailuresAreTyped() async throws {
    try await F.withCache { cache, _ in
      let missing = ImageLoader(
        http: StubHTTPClient { _ in F.response(Data(), status: 404) }, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.httpStatus(404)) { try await missing.image(at: url) }
      let down = ImageLoader(
        http: StubHTTPClient { _ in .failure(.notConnected) }, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.transport(.notConnected)) { try await down.image(at: url) }
    }
  }

  @Test func anAnswerAboveTheLimitIsRejected() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter(), maximumBytes: 10)
      let size = F.png(width: 4, height: 3).count
      await #expect(throws: ImageLoadError.tooLarge(announced: size, limit: 10)) { try await images.image(at: url) }
      // The limit travels with the request, so a real client stops reading there.
      #expect(http.requests.map(\.maximumResponseBytes) == [10])
    }
  }

  @Test func aHugeImageStopsDownloadingAtTheLimit() async throws {
    // A 2 GB announced image, and an endless one: neither is buffered before the limit is checked.
    let announced = try HostileServer { _ in .flood(contentLength: 2_000_000_000) }
    defer { announced.stop() }
    let endless = try HostileServer { _ in .endlessChunks }
    defer { endless.stop() }
    try await F.withCache { cache, _ in
      let images = ImageLoader(http: NetworkHTTPClient(), cache: cache, limiter: HostLimiter())
      let limit = ImageLoader.defaultMaximumBytes
      await #expect(throws: ImageLoadError.tooLarge(announced: 2_000_000_000, limit: limit)) {
        try await images.image(at: announced.url("/images/huge.png"))
      }
      await #expect(throws: ImageLoadError.tooLarge(announced: nil, limit: limit)) {
        try await images.image(at: endless.url("/images/endless.png"))
      }
      #expect(await cache.data(forKey: CacheKeys.image(announced.url("/images/huge.png"))) == nil)
    }
  }

  @Test func cacheOnlySendsNothingAndFailsOnAMiss() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      await #expect(throws: ImageLoadError.notCached) { try await images.image(at: url, policy: .cacheOnly) }
      _ = try await images.image(at: url)
      #expect(try await images.image(at: url, policy: .cacheOnly).origin == .cache)
      #expect(http.requests.count == 1)
    }
  }

  @Test func aDamagedCacheEntryIsDroppedAndDownloadedAgain() async throws {
    try await F.withCache { cache, _ in
      try await cache.set(Data("garbage".utf8), forKey: CacheKeys.image(url))
      let http = StubHTTPClient { _ in F.response(F.gif(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let image = try await images.image(at: url, expected: size)
      #expect(image.origin == .network)
      #expect(image.header.format == .gif)
    }
  }

  @Test func downloadsOfManyURLsStayWithinTheHostBudget() async throws {
    try await F.withCache { cache, _ in
      let http = GateHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let limiter = HostLimiter(limitPerHost: 3)
      let images = ImageLoader(http: http, cache: cache, limiter: limiter)
      let urls = (0..<10).map { F.imageBase.appendingPathComponent("x/\($0).png") }
      let callers = urls.map { url in Task { try await images.image(at: url) } }
      await http.waitForStarted(3)
      #expect(await F.eventually { limiter.waitingCount == 7 })
      #expect(http.heldCount == 3)
      http.open()
      for caller in callers { _ = try await caller.value }
      #expect(limiter.peakCount(for: urls[0]) == 3)
      #expect(http.requests.count == 10)
    }
  }

  @Test func prefetchFillsTheCacheInTheBackground() async throws {
    try await F.withCache { cache, _ in
      let http = StubHTTPClient { _ in F.response(F.png(width: 4, height: 3)) }
      let images = ImageLoader(http: http, cache: cache, limiter: HostLimiter())
      let references = (0..<4).map {
        ImageReference(url: F.imageBase.appendingPathComponent("p/\($0).png"), expected: size)
      }
      let loaded = await images.prefetch(references + references).value
      #expect(loaded == 8)  // the repeats come from the cache
      #expect(http.requests.count == 4)
      for reference in references {
        let image = try await images.image(reference, policy: .cacheOnly)
        #expect(image.origin == .cache)
      }
    }
  }

  @Test func referencesCollectPostAndCommentImagesWithoutRepeats() {
    var post = ClientFixtures.post(1)
    post.imagePath = "ab/one.png"
    post.imageMetadata = size
    let comments = [
      Comment(cid: 1, pid: 1, text: "", timestamp: 0, name: "A", imagePath: "cd/two.jpeg"),
      Comment(cid: 2, pid: 1, text: "", timestamp: 0, name: "B", imagePath: "ab/one.png"),
      Comment(cid: 3, pid: 1, text: "", timestamp: 0, name: "C"),
    ]
    let references = ImageReference.all(in: post, comments: comments, imageBaseURL: F.imageBase)
    #expect(references.map(\.url.lastPathComponent) == ["one.png", "two.jpeg"])
    #expect(references[0].expected == size)
  }
}
