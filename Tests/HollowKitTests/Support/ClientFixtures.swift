import Foundation
import HollowKit
import HollowServer
import TestScheduling

/// Clients, posts and servers shared by the request-layer tests.
enum ClientFixtures {
  static let token = "s3cret-T0KEN"
  /// The limits of a real client in a test that is not about time: only a backstop, which turns a hung exchange into
  /// a clear failure inside the suites' one-minute limit. It is far above what a loaded test process delays a loopback
  /// exchange by: with two cores shared by about 1,900 tests, many on threads of their own, a 10 s limit failed once
  /// in eleven CI runs (a redirect test's requests queued behind other tests' work). Tests of timeouts set their own.
  static let backstop = Duration.seconds(45)
  static let apiRoot = URL(string: "http://example.test/api")!

  /// A client whose HTTP answers come from `responder`; it does not retry unless told to, so a
  /// test of something else sees exactly one exchange per request.
  static func client(
    token: String? = ClientFixtures.token, retry: RequestRetry = .never,
    responder: @escaping StubHTTPClient.Responder
  ) -> (TreeHoleClient, StubHTTPClient) {
    let http = StubHTTPClient(responder: responder)
    let configuration = ClientConfiguration(apiRoot: apiRoot, token: token, appVersion: "3.1.4")
    return (TreeHoleClient(configuration: configuration, http: http, retry: retry), http)
  }

  /// A client that answers every request with `status` and `body`.
  static func client(status: Int = 200, body: String, token: String? = ClientFixtures.token) -> (
    TreeHoleClient, StubHTTPClient
  ) {
    client(token: token) { _ in .success(HTTPClientResponse(status: status, body: Data(body.utf8))) }
  }

  /// The error `body` throws, or `nil` when it succeeds.
  static func failure<T>(_ body: () async throws(HollowError) -> T) async -> HollowError? {
    do {
      _ = try await body()
      return nil
    } catch {
      return error
    }
  }

  static func post(_ pid: Int) -> Post {
    Post(pid: pid, text: "post \(pid)", type: .text, timestamp: pid, updatedAt: pid)
  }

  static func page(_ pids: some Sequence<Int>) -> PostPage {
    PostPage(posts: pids.map(post))
  }

  /// The query items of `url`, decoded.
  static func query(_ url: URL) -> [String: [String]] {
    var items: [String: [String]] = [:]
    for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
      items[item.name, default: []].append(item.value ?? "")
    }
    return items
  }
}

/// A HollowServer on an ephemeral loopback port and a client for it; shuts down on `stop()`.
///
/// The server keeps the real backend's rate limits on a ``VirtualTime`` it shares with the client's
/// ``RateLimitKeeper``: the client keeps the windows, and waiting one moves the clock on at once.
struct TestServer {
  let server: HollowServer
  let client: TreeHoleClient
  let time: VirtualTime

  init(
    _ configuration: ServerConfiguration = ServerConfiguration(seed: 7, token: ClientFixtures.token),
    clientToken: String? = ClientFixtures.token, timeouts: HTTPTimeouts = HTTPTimeouts(idle: .seconds(20)),
    retry: RequestRetry = .never
  ) throws {
    let time = VirtualTime()
    var configuration = configuration
    configuration.clock = ServerClock(time.now)
    server = HollowServer(configuration: configuration)
    let port = try server.start()
    let root = URL(string: "http://127.0.0.1:\(port)")!
    client = TreeHoleClient(
      configuration: ClientConfiguration(apiRoot: root, token: clientToken),
      http: NetworkHTTPClient(timeouts: timeouts), retry: retry,
      rateLimits: RateLimitKeeper(now: time.now, sleep: time.sleep))
    self.time = time
  }

  /// Shuts down; prompt even while a connection waits out simulated latency.
  func stop() {
    server.shutdown()
  }
}
