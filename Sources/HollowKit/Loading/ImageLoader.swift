import HollowCache
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads images through a disk and memory cache, downloading each URL at most once at a time.
///
/// The whole "cache miss → download → verify → store" path is coalesced per URL: however many
/// callers ask for an image at once, one download runs and all of them get its result. A caller
/// that is cancelled just leaves; the download is cancelled only when every caller has left.
/// Downloads hold a permit of the shared ``HostLimiter``. Bytes are stored only after their header
/// was parsed (PNG, JPEG or GIF) and matched the announced size.
///
/// ```swift
/// let images = ImageLoader(http: client.http, cache: cache, limiter: limiter)
/// let image = try await images.image(at: url, expected: post.imageMetadata)
/// images.prefetch(ImageReference.all(in: nextPage, imageBaseURL: configuration.imageBaseURL))
/// ```
public final class ImageLoader: Sendable {
  public let cache: TwoTierCache
  public let limiter: HostLimiter
  /// How long a stored image lives; nil uses the disk cache's default.
  public let timeToLive: Duration?
  /// The largest answer accepted, in bytes: the download stops there (see ``HTTPClientRequest/maximumResponseBytes``).
  public let maximumBytes: Int

  private let http: any HTTPClient
  /// How a failed download is tried again (a connection error, 429, 5xx); images are reads.
  public let retry: RequestRetry
  private let inFlight = InFlightTable<URL, Result<LoadedImage, ImageLoadError>>()
  private let counters = LoaderCounters()

  /// Four times the API's upload limit: the host may re-encode, but never by that much.
  public static let defaultMaximumBytes = 8 * 1024 * 1024

  public init(
    http: any HTTPClient, cache: TwoTierCache, limiter: HostLimiter, timeToLive: Duration? = nil,
    maximumBytes: Int = ImageLoader.defaultMaximumBytes, retry: RequestRetry = .never
  ) {
    self.http = http
    self.retry = retry
    self.cache = cache
    self.limiter = limiter
    self.timeToLive = timeToLive
    self.maximumBytes = maximumBytes
  }

  /// The verified image at `url`, from the cache or the network (see ``CachePolicy``).
  ///
  /// - Parameters:
  ///   - url: where the image is.
  ///   - expected: the announced size (`image_metadata`); nil checks only the format.
  ///   - policy: whether to read the cache, the network or both (see ``CachePolicy``).
  /// - Throws: ``ImageLoadError``; ``ImageLoadError/cancelled`` when this caller was cancelled.
  public func image(at url: URL, expected: ImageMetadata? = nil, policy: CachePolicy = .cacheFirst)
    async throws(ImageLoadError) -> LoadedImage
  {
    let outcome: Result<LoadedImage, ImageLoadError>
    switch policy {
    case .cacheOnly:
      outcome = await cached(url) ?? .failure(.notCached)
    case .cacheFirst:
      guard let shared = await inFlight.value(for: url, { await self.load(url, expected: expected) }) else {
        throw .cancelled
      }
      outcome = shared
    }
    // A joiner may have announced another size than the caller that started the download.
    let image = try outcome.flatMap { image in Self.check(image.header, against: expected).map { image } }.get()
    return image
  }

  /// The image of `reference`; see ``image(at:expected:policy:)``.
  public func image(_ reference: ImageReference, policy: CachePolicy = .cacheFirst) async throws(ImageLoadError)
    -> LoadedImage
  {
    try await image(at: reference.url, expected: reference.expected, policy: policy)
  }

  /// Loads `references` into the cache in the background, a few at a time, and forgets the results.
  ///
  /// Downloads share the host budget with everything else, so prefetching never starves the page
  /// being shown of more than its share. Cancel the returned task to stop; it returns how many
  /// images are now cached.
  ///
  /// ```swift
  /// images.prefetch(ImageReference.all(in: nextPage, imageBaseURL: base))
  /// ```
  @discardableResult
  public func prefetch(_ references: [ImageReference]) -> Task<Int, Never> {
    let loads = publisher(for: references)
    return Task {
      var loaded = 0
      for await (_, output) in loads where output.value != nil {
        loaded += 1
      }
      return loaded
    }
  }

  /// Loads every image through Signal's bounded fan-in (as many at once as the host budget allows),
  /// delivering `(index, outcome)` as each completes; a failed image is a `.failure` outcome.
  ///
  /// ```swift
  /// for await (index, output) in images.publisher(for: references, policy: .cacheOnly) {
  ///   // Named by us, never by the server's path (which may hold control characters or "..").
  ///   if let image = output.value { save(image, as: "image-\(index).\(image.header.format.rawValue)") }
  /// }
  /// ```
  public func publisher(for references: [ImageReference], policy: CachePolicy = .cacheFirst)
    -> Publishers.FanIn<PerformableClosure<LoadedImage, ImageLoadError>>
  {
    references.publisher(maxConcurrent: limiter.limitPerHost) { (reference) async throws(ImageLoadError) in
      try await self.image(reference, policy: policy)
    }
  }

  /// Cache hits, downloads, coalesced callers and failures so far.
  public var statistics: LoaderStatistics {
    counters.snapshot(coalesced: inFlight.statistics.joined)
  }

  /// Downloads running now (URLs with at least one waiting caller).
  public var inFlightCount: Int {
    inFlight.count
  }

  /// Download tasks not yet returned, cancelled ones included; 0 means none is left behind.
  public var liveDownloadCount: Int {
    inFlight.liveTaskCount
  }

  /// Shared by every caller of `url`: cache, then download, verify and store.
  private func load(_ url: URL, expected: ImageMetadata?) async -> Result<LoadedImage, ImageLoadError> {
    if let cached = await cached(url) { return cached }
    let outcome = await download(url, expected: expected)
    if case .failure(let error) = outcome, error != .cancelled { counters.countFailure() }
    return outcome
  }

  private func cached(_ url: URL) async -> Result<LoadedImage, ImageLoadError>? {
    let key = CacheKeys.image(url)
    guard let data = await cache.data(forKey: key) else { return nil }
    guard let header = try? ImageHeader(parsing: data) else {
      // Only verified bytes are stored, so this entry was damaged or written by something else.
      try? await cache.removeValue(forKey: key)
      return nil
    }
    counters.countCacheHit()
    return .success(LoadedImage(url: url, data: data, header: header, origin: .cache))
  }

  private func download(_ url: URL, expected: ImageMetadata?) async -> Result<LoadedImage, ImageLoadError> {
    // An image path is the server's text: `../v3/...` must not become a request elsewhere, over any transport.
    guard let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath,
      !HTTPRequestEncoder.hasDotSegment(path)
    else {
      return .failure(.transport(.invalidRequest("the image path has a '.' or '..' segment")))
    }
    let request = HTTPClientRequest(
      method: .get, url: url, headers: ["Accept": "image/*"], maximumResponseBytes: maximumBytes)
    let response: HTTPClientResponse?
    do {
      response = try await limiter.withPermit(for: url) { () async throws(TransportFailure) in
        counters.countRequest()
        return try await retry.send(request, over: http)
      }
    } catch .cancelled {
      return .failure(.cancelled)
    } catch .tooLarge(let limit, let announced) {
      // The client stopped reading at the limit: the image never filled memory.
      return .failure(.tooLarge(announced: announced, limit: limit))
    } catch {
      return .failure(.transport(error))
    }
    guard let response else { return .failure(.cancelled) }
    guard response.status == 200 else { return .failure(.httpStatus(response.status)) }
    let header: ImageHeader
    do {
      header = try ImageHeader(parsing: response.body)
    } catch {
      return .failure(.invalidImage(error))
    }
    if case .failure(let mismatch) = Self.check(header, against: expected) { return .failure(mismatch) }
    // Stored behind: the caller gets the image now, not after the disk write's fsyncs. A failed store
    // (disk full, entry too large) costs a later download, not this image.
    try? cache.setInBackground(response.body, forKey: CacheKeys.image(url), ttl: timeToLive)
    return .success(LoadedImage(url: url, data: response.body, header: header, origin: .network))
  }

  private static func check(_ header: ImageHeader, against expected: ImageMetadata?) -> Result<Void, ImageLoadError> {
    guard let expected, expected != header.size else { return .success(()) }
    return .failure(.sizeMismatch(expected: expected, actual: header.size))
  }
}
