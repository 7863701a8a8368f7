import Foundation
import HollowCache
import HollowKit
import HollowServer

/// The timeline rows: pages of the demo server's timeline with every image and cited post, loaded
/// by the library's feed model (``FeedModel``: concurrent, cached, coalesced) or one request at a time.
public final class TimelineBench: Sendable {
  public let server: HollowServer
  public let latency: Duration
  public let pages: [Int]
  /// Requests at once per host, for every loader.
  public let concurrency: Int
  /// The loaders' default budget per host, which the targets are about.
  public static var defaultConcurrency: Int { HostLimiter.defaultLimitPerHost }
  private let root: URL
  private let folder: URL

  /// Starts a demo server answering every request after `latency`.
  public init(latency: Duration, pages: [Int], concurrency: Int = HostLimiter.defaultLimitPerHost) throws {
    server = HollowServer(
      // Rate limits off: a benchmark runs many more detail requests than the real daily cap (8000).
      configuration: ServerConfiguration(seed: 1, latency: .fixed(latency), enforcesRateLimits: false))
    let port = try server.start()
    root = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-bench-\(UUID().uuidString)")
    self.latency = latency
    self.pages = pages
    self.concurrency = concurrency
  }

  deinit {
    server.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  public var client: TreeHoleClient {
    TreeHoleClient(
      configuration: ClientConfiguration(
        apiRoot: root, imageBaseURL: root.appendingPathComponent("images", isDirectory: true)))
  }

  /// Requests the server answered so far: all, and those for images or post details.
  public var requestCount: Int { server.requests.count }
  public var partRequestCount: Int {
    server.requests.count { $0.path.hasPrefix("/images/") || $0.path == "/v3/contents/post/detail" }
  }

  /// Loaders over a cache in `name` (a subfolder), opened fresh: a new process, as far as the memory tier goes.
  public func loaders(cache name: String) throws -> TreeHoleLoaders {
    let client = client
    let cache = try TreeHoleLoaders.openCache(for: client, directory: folder.appendingPathComponent(name).path)
    return TreeHoleLoaders(client: client, cache: cache, limitPerHost: concurrency)
  }

  /// Loads the pages in order through `loaders`; returns the posts delivered.
  public func load(with loaders: TreeHoleLoaders) async -> Int {
    let model = loaders.feeds.model(
      .timeline, options: FeedStateMachine.Options(imageBaseURL: loaders.client.configuration.imageBaseURL))
    model.load(pages: pages)
    for await snapshot in model.snapshots where snapshot.isSettled {
      return snapshot.pages.reduce(0) { $0 + $1.posts.count }
    }
    return 0
  }

  /// The same requests, one at a time: each page, then each of its images and cited posts not
  /// fetched before. Returns the requests sent.
  public func loadSequentially() async -> Int {
    let client = client
    var images: Set<URL> = []
    var quotes: Set<Int> = []
    var requests = 0
    for number in pages {
      guard let page = try? await client.perform(PostListRequest.self, .init(page: number)) else { continue }
      requests += 1
      for reference in ImageReference.all(in: page, imageBaseURL: client.configuration.imageBaseURL ?? root)
      where images.insert(reference.url).inserted {
        _ = try? await client.http.send(HTTPClientRequest(method: .get, url: reference.url))
        requests += 1
      }
      for pid in QuoteLoader.citedPids(in: page) where quotes.insert(pid).inserted {
        _ = try? await client.perform(PostDetailRequest.self, .init(pid: pid, includeComments: false))
        requests += 1
      }
    }
    return requests
  }
}
