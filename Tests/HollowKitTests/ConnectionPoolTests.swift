import Foundation
import HollowServer
import Synchronization
import TestScheduling
import Testing

@testable import HollowKit

/// Keep-alive over ``NetworkHTTPClient/Transport/sockets`` (``ConnectionPool``), counted on the servers:
/// which requests share a connection, which never do, the retry of a GET on a connection the server
/// dropped, a write never sent twice, every limit per request, connections opened early, and TLS
/// sessions resumed. ``HostileServer``'s keep-alive mode reads the next request on a connection whatever
/// its answer said, so a connection the client should have dropped would show as reused.
@Suite(.offCooperativePool, .timeLimit(.minutes(1)))
struct ConnectionPoolTests {
  static let ok = #"{"code":0,"data":[]}"#

  static func client(
    connections: Int = 4, keepAlive: Duration = .seconds(20), total: Duration = ClientFixtures.backstop,
    trust: TLSTrust = .system
  ) -> NetworkHTTPClient {
    NetworkHTTPClient(
      timeouts: HTTPTimeouts(idle: ClientFixtures.backstop, total: total), maximumConnectionsPerHost: connections,
      keepAlive: keepAlive, transport: .sockets, trust: trust, proxies: .none)
  }

  static func get(_ url: URL, limit: Int = HTTPClientRequest.defaultMaximumResponseBytes) -> HTTPClientRequest {
    HTTPClientRequest(method: .get, url: url, headers: ["TOKEN": ClientFixtures.token], maximumResponseBytes: limit)
  }

  static func failure(_ http: NetworkHTTPClient, _ request: HTTPClientRequest) async -> TransportFailure? {
    await NetworkHTTPClientHostileTests.failure(http, request)
  }

  /// The connection each request the server read arrived on, in order.
  static func connections(_ server: HostileServer) -> [Int] {
    server.requests.map(\.connection)
  }

  @Test func sequentialRequestsToTheDemoServerShareOneConnection() async throws {
    let server = HollowServer(configuration: ServerConfiguration(seed: 1, token: ClientFixtures.token))
    try server.start()
    defer { server.shutdown() }
    let http = Self.client()
    let base = try #require(server.baseURL)
    for page in 1...5 {
      let url = base.appendingPathComponent("v3/contents/post/list").appending(queryItems: [
        URLQueryItem(name: "page", value: "\(page)")
      ])
      #expect(try await http.send(Self.get(url)).status == 200)
    }
    #expect(server.totalRequestCount == 5)
    #expect(server.acceptedConnectionCount == 1)
    #expect(http.connectionStatistics.opened == 1)
    #expect(http.connectionStatistics.reused == 4)
  }

  @Test func concurrentRequestsNeverOpenMoreConnectionsThanTheBound() async throws {
    let server = try HostileServer(keepAlive: true) { request in .json(#"{"path":"\#(request.target)"}"#) }
    defer { server.stop() }
    let http = Self.client(connections: 3)
    let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<30 {
        group.addTask {
          (index, String(decoding: try await http.send(Self.get(server.url("/\(index)"))).body, as: UTF8.self))
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for index in 0..<30 { #expect(bodies[index] == #"{"path":"/\#(index)"}"#) }
    #expect(server.accepted <= 3)
    #expect(Set(Self.connections(server)).count == server.accepted)
  }

  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok",
    "HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close\r\nContent-Length: 2\r\n\r\nok",
    "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok",
  ])
  func aConnectionTheServerDoesNotKeepIsNeverReused(answer: String) async throws {
    let server = try HostileServer(keepAlive: true) { request in
      request.target == "/first" ? .text(answer) : .json(Self.ok)
    }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/first"))).status == 200)
    #expect(try await http.send(Self.get(server.url("/second"))).status == 200)
    let byTarget = Dictionary(server.requests.map { ($0.target, $0.connection) }, uniquingKeysWith: { $1 })
    #expect(byTarget["/first"] != byTarget["/second"])
    #expect(http.connectionStatistics.reused == 0)
  }

  @Test func anHTTP10AnswerThatSaysKeepAliveIsReused() async throws {
    let server = try HostileServer(keepAlive: true) { _ in
      .text("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok")
    }
    defer { server.stop() }
    let http = Self.client()
    for _ in 0..<3 { #expect(try await http.send(Self.get(server.url("/x"))).status == 200) }
    #expect(Self.connections(server) == [1, 1, 1])
  }

  @Test func aRedirectWhoseBodyWasNotReadLeavesItsConnection() async throws {
    let server = try HostileServer(keepAlive: true) { request in
      request.target == "/old"
        ? .text("HTTP/1.1 302 Found\r\nLocation: /new\r\nContent-Length: 5\r\n\r\nmoved") : .json(Self.ok)
    }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/old"))).status == 200)
    #expect(server.requests.map(\.target) == ["/old", "/new"])
    #expect(Set(Self.connections(server)).count == 2)
    // An empty redirect body is read whole: that connection carries the next request.
    let empty = try HostileServer(keepAlive: true) { request in
      request.target == "/old" ? .redirect(status: 302, location: "/new") : .json(Self.ok)
    }
    defer { empty.stop() }
    #expect(try await http.send(Self.get(empty.url("/old"))).status == 200)
    #expect(Self.connections(empty) == [1, 1])
  }

  @Test func aFailedOrTimedOutExchangeLeavesItsConnection() async throws {
    let server = try HostileServer(keepAlive: true) { request in
      switch request.target {
      case "/large": .json(String(repeating: "x", count: 1_000))
      case "/slow": .trickle(contentLength: 1_000, interval: .milliseconds(50))
      case "/garbled": .text("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nbroken header\r\n\r\nok")
      default: .json(Self.ok)
      }
    }
    defer { server.stop() }
    let http = Self.client(total: .seconds(5))
    #expect(
      await Self.failure(http, Self.get(server.url("/large"), limit: 100)) == .tooLarge(limit: 100, announced: 1_000))
    #expect(try await http.send(Self.get(server.url("/after-large"))).status == 200)
    #expect(await Self.failure(http, Self.get(server.url("/slow"))) == .deadlineExceeded(total: .seconds(5)))
    #expect(try await http.send(Self.get(server.url("/after-slow"))).status == 200)
    #expect(await Self.failure(http, Self.get(server.url("/garbled"))) != nil)
    #expect(try await http.send(Self.get(server.url("/after-garbled"))).status == 200)
    let byTarget = Dictionary(server.requests.map { ($0.target, $0.connection) }, uniquingKeysWith: { $1 })
    #expect(byTarget["/after-large"] != byTarget["/large"])
    #expect(byTarget["/after-slow"] != byTarget["/slow"])
    #expect(byTarget["/after-garbled"] != byTarget["/garbled"])
  }

  @Test func everyLimitHoldsPerRequestOnAReusedConnection() async throws {
    let other = try HostileServer(keepAlive: true) { _ in .json(Self.ok) }
    defer { other.stop() }
    let server = try HostileServer(keepAlive: true) { request in
      switch request.target {
      case "/large": .json(String(repeating: "x", count: 1_000))
      case "/slow": .trickle(contentLength: 1_000, interval: .milliseconds(50))
      case "/elsewhere": .redirect(status: 302, location: other.url("/landing").absoluteString)
      default: .json(Self.ok)
      }
    }
    defer { server.stop() }
    let http = Self.client(total: .seconds(5))
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    // Size: the limit is the request's own, on the warm connection.
    #expect(
      await Self.failure(http, Self.get(server.url("/large"), limit: 100)) == .tooLarge(limit: 100, announced: 1_000))
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    // Deadline: each request gets its whole total, however long the connection has lived.
    #expect(await Self.failure(http, Self.get(server.url("/slow"))) == .deadlineExceeded(total: .seconds(5)))
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    // The token's origin rule: a redirect to another port is refused, and nothing reaches it.
    guard case .redirectRefused = await Self.failure(http, Self.get(server.url("/elsewhere"))) else {
      Issue.record("a redirect carrying the token to another origin was followed")
      return
    }
    #expect(other.requests.isEmpty)
    // Each limit met a reused connection (and each failure left its connection behind).
    #expect(Self.connections(server) == [1, 1, 2, 2, 3, 3])
  }

  @Test func theRedirectLimitHoldsPerRequestOnAReusedConnection() async throws {
    let server = try HostileServer(keepAlive: true) { request in
      request.target.hasPrefix("/loop") ? .redirect(status: 302, location: request.target + "x") : .json(Self.ok)
    }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    let failure = await Self.failure(http, Self.get(server.url("/loop")))
    #expect(failure == .redirectRefused(.tooMany(RedirectPolicy.maximumRedirects)))
    // The warm request, the first and the redirects followed: all on the one kept connection.
    #expect(server.requests.count == 2 + RedirectPolicy.maximumRedirects)
    #expect(Set(Self.connections(server)) == [1])
    // The count is the request's own: the next one starts again from none.
    #expect(try await http.send(Self.get(server.url("/after"))).status == 200)
  }

  @Test func aGetOnAConnectionTheServerDroppedIsSentOnceMoreOnANewOne() async throws {
    // The second request on the first connection meets a server that gave up on it (without a close
    // the client could have seen): it is sent once more, on a new connection, and answered.
    let server = try HostileServer(keepAlive: true) { request in
      request.connection == 1 && request.target == "/second" ? .hangUp : .json(Self.ok)
    }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/first"))).status == 200)
    #expect(try await http.send(Self.get(server.url("/second"))).status == 200)
    #expect(server.requests.map(\.target) == ["/first", "/second", "/second"])
    #expect(Self.connections(server) == [1, 1, 2])
  }

  @Test func theRetryHappensOnceAndOnlyWhenNothingWasAnswered() async throws {
    let server = try HostileServer(keepAlive: true) { request in
      switch request.target {
      case "/first": .json(Self.ok)
      case "/partial": .closeAfter(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part".utf8))
      default: .hangUp
      }
    }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/first"))).status == 200)
    // Dropped on the reused connection, then on the new one: the second failure is the answer.
    #expect(await Self.failure(http, Self.get(server.url("/dropped"))) == .connectionLost)
    #expect(server.requests.filter { $0.target == "/dropped" }.count == 2)
    // Part of an answer arrived: never sent again.
    #expect(try await http.send(Self.get(server.url("/first"))).status == 200)
    #expect(await Self.failure(http, Self.get(server.url("/partial"))) == .connectionLost)
    #expect(server.requests.filter { $0.target == "/partial" }.count == 1)
  }

  @Test func aWriteGoesOnANewConnectionAndIsNeverSentTwice() async throws {
    let server = try HostileServer(keepAlive: true) { request in request.method == "POST" ? .hangUp : .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client()
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    let post = HTTPClientRequest(
      method: .post, url: server.url("/v3/send/post"), headers: ["TOKEN": ClientFixtures.token],
      body: Data("text=hi".utf8))
    #expect(await Self.failure(http, post) == .connectionLost)
    #expect(server.requests.map(\.method) == ["GET", "POST"])
    #expect(Self.connections(server) == [1, 2])
  }

  @Test func aRequestWaitingForAConnectionEndsWhenCancelledOrLateAndLeavesTheCountRight() async throws {
    let server = try HostileServer(keepAlive: true) { request in request.target == "/held" ? .silence : .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client(connections: 1, total: .seconds(40))  // only cancellation ends these
    // The only connection is held by a request the server never answers.
    let held = Task { await Self.failure(http, Self.get(server.url("/held"))) }
    #expect(server.waitUntilRequests { $0.contains { $0.target == "/held" } })
    // A second request waits for the pool: cancelled, it ends at once, never sent.
    let waiting = Task { await Self.failure(http, Self.get(server.url("/waiting"))) }
    waiting.cancel()
    #expect(await waiting.value == .cancelled)
    held.cancel()
    #expect(await held.value == .cancelled)
    // The held connection was dropped and nothing leaked: the next request opens the one allowed.
    #expect(try await http.send(Self.get(server.url("/after"))).status == 200)
    #expect(server.requests.map(\.target) == ["/held", "/after"])
    #expect(Self.connections(server) == [1, 2])
  }

  @Test func aWriteAtTheBoundClosesAFreeConnectionToMakeRoom() async throws {
    let server = try HostileServer(keepAlive: true) { _ in .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client(connections: 1)
    #expect(try await http.send(Self.get(server.url("/warm"))).status == 200)
    let post = HTTPClientRequest(
      method: .post, url: server.url("/v3/send/post"), headers: ["TOKEN": ClientFixtures.token],
      body: Data("text=hi".utf8))
    #expect(try await http.send(post).status == 200)
    #expect(server.requests.last?.method == "POST")
    #expect(Self.connections(server) == [1, 2])
    #expect(http.connectionStatistics.opened == 2)
  }

  @Test func anIdleConnectionPastTheKeepAliveIsClosedNotReused() async throws {
    let server = try HostileServer(keepAlive: true) { _ in .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client(keepAlive: .zero)
    for _ in 0..<3 { #expect(try await http.send(Self.get(server.url("/x"))).status == 200) }
    #expect(Self.connections(server) == [1, 2, 3])
  }

  @Test func theClientClosesAConnectionIdlePastTheKeepAliveWithoutAnotherRequest() async throws {
    let server = HollowServer(configuration: ServerConfiguration(seed: 1))
    try server.start()
    defer { server.shutdown() }
    let http = Self.client(keepAlive: .milliseconds(50))
    let url = try #require(server.baseURL?.appendingPathComponent("v3/contents/post/list"))
    #expect(try await http.send(Self.get(url)).status == 200)
    // The server would keep it 30 s; the pool's sweep closes it after 50 ms (the server's census sees it go).
    let closed = server.waitForOpenConnections(until: { $0 == 0 }, timeout: .seconds(10))
    #expect(closed)
  }

  @Test func aConnectionTheServerClosedWhileIdleIsReplacedWithoutARetry() async throws {
    var limits = ServerLimits()
    limits.idleTimeout = .milliseconds(50)
    let server = HollowServer(configuration: ServerConfiguration(seed: 1, limits: limits))
    try server.start()
    defer { server.shutdown() }
    let http = Self.client()
    let url = try #require(server.baseURL?.appendingPathComponent("v3/contents/post/list"))
    #expect(try await http.send(Self.get(url)).status == 200)
    // The server closes the idle connection (its census says so); the pool sees the end of the stream.
    let closed = server.waitForOpenConnections(until: { $0 == 0 }, timeout: .seconds(10))
    #expect(closed)
    #expect(try await http.send(Self.get(url)).status == 200)
    #expect(server.acceptedConnectionCount == 2)
    #expect(server.totalRequestCount == 2)
  }

  @Test func connectingEarlyOpensConnectionsThatTheNextRequestsUse() async throws {
    let server = try HostileServer(keepAlive: true) { _ in .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client(connections: 4)
    http.connectEarly(to: server.url("/"), connections: 3)
    // Whether or not they are open yet, three requests take those three: none opens a fourth.
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<3 { group.addTask { try await http.send(Self.get(server.url("/\(index)"))).status } }
      for try await status in group { #expect(status == 200) }
    }
    #expect(http.connectionStatistics.opened == 3)
    #expect(server.accepted == 3)
    // Asking for more than the bound opens only up to it.
    http.connectEarly(to: server.url("/"), connections: 100)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<8 { group.addTask { try await http.send(Self.get(server.url("/\(index)"))).status } }
      for try await status in group { #expect(status == 200) }
    }
    #expect(http.connectionStatistics.opened <= 4)
    #expect(server.accepted <= 4)
  }

  @Test func connectingEarlyToAnUnreachableOriginCostsTheRequestsNothingButTheirOwnFailure() async throws {
    let closed = try HostileServer { _ in .json(Self.ok) }
    let url = closed.url("/")
    closed.stop()
    let http = Self.client(total: .seconds(5))
    http.connectEarly(to: url, connections: 4)
    let failure = await Self.failure(http, Self.get(url))
    #expect(failure == .notConnected)
  }

  #if canImport(COpenSSL)
  static var certificates: TestCertificates { try! TestCertificates.shared.get() }

  @Test(.enabled(if: TestCertificates.isAvailable, "no test certificates"))
  func tlsConnectionsAreReusedAndNewOnesResumeTheSession() async throws {
    let server = try HostileServer(tls: Self.certificates.server, keepAlive: true) { _ in .json(Self.ok) }
    defer { server.stop() }
    let trust = TLSTrust.only(Self.certificates.authorityPEM)
    let http = Self.client(trust: trust)
    for _ in 0..<3 { #expect(try await http.send(Self.get(server.url("/kept"))).status == 200) }
    #expect(server.accepted == 1)
    // Without keep-alive every request shakes hands again: all but the first resume.
    let fresh = Self.client(keepAlive: .zero, trust: trust)
    for _ in 0..<3 { #expect(try await fresh.send(Self.get(server.url("/fresh"))).status == 200) }
    #expect(server.accepted == 4)
    #expect(server.resumed == 2)
    #expect(fresh.connectionStatistics.resumed == 2)
  }

  @Test(.enabled(if: TestCertificates.isAvailable, "no test certificates"))
  func manyRequestsShareAFewTLSConnectionsWithoutMixingTheirAnswers() async throws {
    let server = try HostileServer(tls: Self.certificates.server, keepAlive: true) { request in
      .json(#"{"path":"\#(request.target)","pad":"\#(String(repeating: "p", count: 20_000))"}"#)
    }
    defer { server.stop() }
    let http = Self.client(connections: 4, trust: .only(Self.certificates.authorityPEM))
    let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<48 {
        group.addTask {
          (index, String(decoding: try await http.send(Self.get(server.url("/\(index)"))).body, as: UTF8.self))
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for index in 0..<48 { #expect(bodies[index]?.hasPrefix(#"{"path":"/\#(index)","#) == true) }
    #expect(server.accepted <= 4)
  }

  @Test(.enabled(if: TestCertificates.isAvailable, "no test certificates"))
  func manyConnectionsResumeOneSessionAtOnce() async throws {
    let server = try HostileServer(tls: Self.certificates.server, keepAlive: true) { _ in .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client(connections: 8, trust: .only(Self.certificates.authorityPEM))
    #expect(try await http.send(Self.get(server.url("/first"))).status == 200)
    http.connectEarly(to: server.url("/"), connections: 8)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<8 { group.addTask { try await http.send(Self.get(server.url("/\(index)"))).status } }
      for try await status in group { #expect(status == 200) }
    }
    let resumed = http.connectionStatistics.resumed  // once the early connections have all landed
    #expect(server.accepted == 8)
    // Seven handshakes offered the first connection's session at once, from seven threads: every one
    // answered (alone, all seven resume; on a loaded machine the server may start some over).
    #expect(resumed <= 7)
  }
  #endif
}

/// The feed loader asks its client to open the next round's connections (to the API and to the
/// images' origin) before it sends page 1's request, so they shake hands while that page is in flight.
@Suite struct TimelineConnectsEarlyTests {
  /// Records every call, in order: `connect <url> <count>` and `send <path>`.
  final class Recorder: HTTPClient {
    let base = StubHTTPClient(responder: FeedLoaderTests.responder)
    private let calls = Mutex<[String]>([])

    var log: [String] { calls.withLock { $0 } }

    func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
      calls.withLock { $0.append("send \(request.url.path)") }
      return try await base.send(request)
    }

    func connectEarly(to url: URL, connections: Int) {
      calls.withLock { $0.append("connect \(url.absoluteString) \(connections)") }
    }
  }

  @Test func pageOneGoesOutAfterTheNextRoundsConnectionsWereAskedFor() async throws {
    try await LoaderFixtures.withCache { cache, _ in
      let http = Recorder()
      let loaders = FeedLoaderTests.loaders(cache, http: http)
      _ = await FeedLoaderTests.settled(loaders, pages: [1])
      let log = http.log
      let budget = loaders.limiter.limitPerHost
      #expect(
        Array(log.prefix(3)) == [
          "connect \(ClientFixtures.apiRoot.absoluteString) \(budget)",
          "connect \(LoaderFixtures.imageBase.absoluteString) \(budget)",
          "send \(ClientFixtures.apiRoot.path)/v3/contents/post/list",
        ])
    }
  }
}
