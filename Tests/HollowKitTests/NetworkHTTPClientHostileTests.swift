import Foundation
import HollowCache
import HollowKit
import Testing

/// ``NetworkHTTPClient`` against a ``HostileServer``: every case ends with a clear error, in bounded
/// time (short injected deadlines; the suite's time limit catches a hang), over both ways plain http
/// can travel.
@Suite(.timeLimit(.minutes(1))) struct NetworkHTTPClientHostileTests {
  typealias Transport = NetworkHTTPClient.Transport

  #if canImport(COpenSSL)
  /// On Linux only our own transport exists (URLSession is not linked there).
  static let transports: [Transport] = [.sockets]
  #else
  static let transports: [Transport] = [.sockets, .urlSession]
  #endif
  static let redirectStatuses = [301, 302, 303, 307, 308]
  static let ok = #"{"code":0,"data":[]}"#

  static func client(
    _ plain: Transport, idle: Duration = ClientFixtures.backstop, total: Duration = ClientFixtures.backstop
  )
    -> NetworkHTTPClient
  {
    NetworkHTTPClient(timeouts: HTTPTimeouts(idle: idle, total: total), transport: plain)
  }

  static func get(_ url: URL, token: Bool = true, limit: Int = HTTPClientRequest.defaultMaximumResponseBytes)
    -> HTTPClientRequest
  {
    HTTPClientRequest(
      method: .get, url: url, headers: token ? ["TOKEN": ClientFixtures.token] : [:], maximumResponseBytes: limit)
  }

  static func post(_ url: URL) -> HTTPClientRequest {
    HTTPClientRequest(
      method: .post, url: url,
      headers: ["TOKEN": ClientFixtures.token, "Content-Type": "application/x-www-form-urlencoded"],
      body: Data("text=hello".utf8))
  }

  /// What `send` threw, or nil when it answered.
  static func failure(_ http: NetworkHTTPClient, _ request: HTTPClientRequest) async -> TransportFailure? {
    do {
      _ = try await http.send(request)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Redirects

  @Test(arguments: transports, redirectStatuses)
  func aRedirectToAnotherPortIsRefusedForReadsAndWrites(plain: Transport, status: Int) async throws {
    let elsewhere = try HostileServer { _ in .json(Self.ok) }
    defer { elsewhere.stop() }
    let origin = try HostileServer { _ in .redirect(status: status, location: "http://127.0.0.1:\(elsewhere.port)/x") }
    defer { origin.stop() }
    let http = Self.client(plain)
    let target = "http://127.0.0.1:\(elsewhere.port)"
    #expect(await Self.failure(http, Self.get(origin.url("/v3/a"))) == .redirectRefused(.otherOrigin(target)))
    #expect(await Self.failure(http, Self.post(origin.url("/v3/b"))) == .redirectRefused(.write(to: target)))
    #expect(origin.requests.map(\.method) == ["GET", "POST"])
    #expect(elsewhere.requests.isEmpty)  // the token never reached the other origin
  }

  @Test(arguments: transports)
  func aRedirectToAnotherHostOrSchemeIsRefused(plain: Transport) async throws {
    let server = try HostileServer { request in
      switch request.target {
      case "/host":
        .redirect(
          status: 302, location: "http://localhost:\(request.headers["host"]?.split(separator: ":").last ?? "")/x")
      case "/scheme": .redirect(status: 307, location: "https://127.0.0.1:1/x")
      case "/file": .redirect(status: 302, location: "file:///etc/passwd")
      case "/nowhere": .text("HTTP/1.1 302 Found\r\nContent-Length: 0\r\n\r\n")
      default: .json(Self.ok)
      }
    }
    defer { server.stop() }
    let http = Self.client(plain)
    #expect(
      await Self.failure(http, Self.get(server.url("/host")))
        == .redirectRefused(.otherOrigin("http://localhost:\(server.port)")))
    #expect(
      await Self.failure(http, Self.get(server.url("/scheme"))) == .redirectRefused(.otherOrigin("https://127.0.0.1:1"))
    )
    #expect(await Self.failure(http, Self.get(server.url("/file"))) == .redirectRefused(.unsupportedScheme("file")))
    #expect(await Self.failure(http, Self.get(server.url("/nowhere"))) == .redirectRefused(.invalidLocation))
    #expect(server.requests.map(\.target) == ["/host", "/scheme", "/file", "/nowhere"])
  }

  @Test(arguments: transports)
  func aSameOriginRedirectIsFollowedWithTheToken(plain: Transport) async throws {
    let server = try HostileServer { request in
      request.target == "/old" ? .redirect(status: 301, location: "/new?page=2") : .json(Self.ok)
    }
    defer { server.stop() }
    let response = try await Self.client(plain).send(Self.get(server.url("/old")))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == Self.ok)
    #expect(server.requests.map(\.target) == ["/old", "/new?page=2"])
    #expect(server.requests.allSatisfy { $0.carriesToken })
  }

  @Test(arguments: transports)
  func aRequestWithoutCredentialsMayFollowToAnotherOrigin(plain: Transport) async throws {
    let elsewhere = try HostileServer { _ in .json(Self.ok) }
    defer { elsewhere.stop() }
    let origin = try HostileServer { _ in .redirect(status: 302, location: "http://127.0.0.1:\(elsewhere.port)/image") }
    defer { origin.stop() }
    let response = try await Self.client(plain).send(Self.get(origin.url("/img"), token: false))
    #expect(response.status == 200)
    #expect(elsewhere.requests.map(\.target) == ["/image"])
    #expect(!elsewhere.requests.contains { $0.carriesToken })
  }

  @Test(arguments: transports)
  func aRedirectLoopStops(plain: Transport) async throws {
    let server = try HostileServer { _ in .redirect(status: 302, location: "/again") }
    defer { server.stop() }
    let started = ContinuousClock.now
    let failure = await Self.failure(Self.client(plain), Self.get(server.url("/start")))
    #expect(
      failure == .redirectRefused(.tooMany(RedirectPolicy.maximumRedirects)),
      "\(String(describing: failure)) after \(ContinuousClock.now - started)")
    #expect(server.requests.count == RedirectPolicy.maximumRedirects + 1)
  }

  // MARK: Size

  @Test(arguments: transports)
  func aHugeAnnouncedAnswerIsRefusedBeforeItsBody(plain: Transport) async throws {
    let server = try HostileServer { _ in .flood(contentLength: 2_000_000_000) }
    defer { server.stop() }
    #expect(
      await Self.failure(Self.client(plain), Self.get(server.url("/huge")))
        == .tooLarge(limit: HTTPClientRequest.defaultMaximumResponseBytes, announced: 2_000_000_000))
  }

  @Test(arguments: transports)
  func anAnswerWithoutALengthStopsAtTheLimit(plain: Transport) async throws {
    let server = try HostileServer { _ in .flood(contentLength: nil) }
    defer { server.stop() }
    #expect(
      await Self.failure(Self.client(plain), Self.get(server.url("/flood"), limit: 1 << 20))
        == .tooLarge(limit: 1 << 20, announced: nil))
  }

  @Test(arguments: transports)
  func anEndlessChunkedAnswerStopsAtTheLimit(plain: Transport) async throws {
    let server = try HostileServer { _ in .endlessChunks }
    defer { server.stop() }
    #expect(
      await Self.failure(Self.client(plain), Self.get(server.url("/chunks"), limit: 1 << 20))
        == .tooLarge(limit: 1 << 20, announced: nil))
  }

  @Test func anAPIAnswerStopsAtTheConfiguredLimit() async throws {
    let server = try HostileServer { _ in .flood(contentLength: nil) }
    defer { server.stop() }
    let configuration = ClientConfiguration(
      apiRoot: server.url(""), token: ClientFixtures.token, maximumAnswerBytes: 64 * 1024)
    let client = TreeHoleClient(configuration: configuration, http: Self.client(.sockets))
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(PostListRequest.self, .init())
    }
    #expect(error?.kind == .transport(.tooLarge(limit: 64 * 1024, announced: nil)))
  }

  // MARK: Time

  @Test(arguments: transports)
  func aTricklingAnswerEndsAtTheDeadline(plain: Transport) async throws {
    // Each byte comes well within the idle timeout: only the total deadline can end this.
    let server = try HostileServer { _ in .trickle(contentLength: 100_000, interval: .milliseconds(20)) }
    defer { server.stop() }
    let http = Self.client(plain, idle: .seconds(10), total: .milliseconds(300))
    #expect(await Self.failure(http, Self.get(server.url("/slow"))) == .deadlineExceeded(total: .milliseconds(300)))
  }

  @Test(arguments: transports)
  func aSilentServerTimesOut(plain: Transport) async throws {
    let server = try HostileServer { _ in .silence }
    defer { server.stop() }
    let http = Self.client(plain, idle: .seconds(1), total: .seconds(30))
    #expect(await Self.failure(http, Self.get(server.url("/quiet"))) == .timedOut)
  }

  @Test(arguments: transports)
  func cancellingDuringATrickleEndsAtOnce(plain: Transport) async throws {
    let server = try HostileServer { _ in .trickle(contentLength: 100_000, interval: .milliseconds(50)) }
    defer { server.stop() }
    let http = Self.client(plain, idle: .seconds(30), total: .seconds(50))
    let request = Task { await Self.failure(http, Self.get(server.url("/slow"))) }
    #expect(await LoaderFixtures.eventually { server.requests.count == 1 })
    request.cancel()
    #expect(await request.value == .cancelled)
  }

  // MARK: Malformed and dropped answers (the socket transport's own parser)

  static let malformedAnswers: [(String, TransportFailure)] = [
    ("garbage\r\n\r\n", .malformedResponse("the answer does not start with an HTTP/1.x status line")),
    ("SSH-2.0-OpenSSH_9.6\r\n", .malformedResponse("the answer does not start with an HTTP/1.x status line")),
    ("HTTP/2 200\r\n\r\n", .malformedResponse("the answer does not start with an HTTP/1.x status line")),
    (
      "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n",
      .malformedResponse("the Content-Length is invalid or repeated with another value")
    ),
    (
      "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
      .malformedResponse("the Content-Length is invalid or repeated with another value")
    ),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
      .malformedResponse("the transfer coding 'gzip' is not supported")
    ),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      .malformedResponse("a chunk size line is not hexadecimal digits and an optional ';' extension: 'zz'")
    ),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
      .malformedResponse("a chunk is longer than its announced size")
    ),
    ("HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\n\r\n", .malformedResponse("a header is folded over several lines")),
    ("HTTP/1.1 200 OK\r\nno colon\r\n\r\n", .malformedResponse("a header line is not 'name: value'")),
    ("HTTP/1.1 101 Switching Protocols\r\n\r\n", .malformedResponse("the server switched to another protocol")),
    (
      "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n",
      .malformedResponse("the header is larger than 64 KiB")
    ),
    (
      String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 9) + "HTTP/1.1 200 OK\r\n\r\n",
      .malformedResponse("more than 8 interim (1xx) answers")
    ),
  ]

  @Test(arguments: malformedAnswers)
  func aMalformedAnswerIsAClearError(answer: String, expected: TransportFailure) async throws {
    let server = try HostileServer { _ in .text(answer) }
    defer { server.stop() }
    #expect(await Self.failure(Self.client(.sockets), Self.get(server.url("/x"))) == expected)
  }

  static let droppedAnswers: [HostileBehavior] = [
    .raw([]),
    .text("HTTP/1.1 200 OK\r\nContent-Le"),
    .text("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"code\":0"),
    .text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"code\""),
    .reset(after: Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{".utf8)),
  ]

  @Test(arguments: droppedAnswers.indices)
  func aDroppedConnectionIsConnectionLost(index: Int) async throws {
    let behavior = Self.droppedAnswers[index]
    let server = try HostileServer { _ in behavior }
    defer { server.stop() }
    #expect(await Self.failure(Self.client(.sockets), Self.get(server.url("/x"))) == .connectionLost)
  }

  #if !canImport(COpenSSL)
  @Test func aMalformedOrDroppedAnswerFailsOverURLSessionToo() async throws {
    for behavior in [
      HostileBehavior.text("garbage\r\n\r\n"), .raw([]), .reset(after: Array("HTTP/1.1 200 OK\r\n".utf8)),
    ] {
      let server = try HostileServer { _ in behavior }
      defer { server.stop() }
      let failure = await Self.failure(Self.client(.urlSession), Self.get(server.url("/x")))
      #expect(failure != nil && failure != .cancelled)
    }
  }
  #endif

  @Test func aChunkedAnswerWithExtensionsAndTrailersIsRead() async throws {
    let answer =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{\"co\r\n10\r\nde\":0,\"data\":[]}\r\n0\r\nX-Trailer: yes\r\n\r\n"
    let server = try HostileServer { _ in .text(answer) }
    defer { server.stop() }
    let response = try await Self.client(.sockets).send(Self.get(server.url("/x")))
    #expect(String(decoding: response.body, as: UTF8.self) == Self.ok)
  }

  @Test(arguments: transports)
  func noFailureRepeatsTheToken(plain: Transport) async throws {
    // Whatever a server echoes back (in a Location, a header, a garbled head), the error text keeps none of it.
    let token = ClientFixtures.token
    let server = try HostileServer { request in
      switch request.target {
      case "/path": .redirect(status: 302, location: "http://evil.test:1/steal?token=\(token)")
      case "/write": .redirect(status: 307, location: "/\(token)")
      case "/head": .text("HTTP/1.1 200 OK\r\n\(token)\r\n\r\n")
      default: .text("\(token) 200\r\n\r\n")
      }
    }
    defer { server.stop() }
    let http = Self.client(plain)
    let failures = [
      await Self.failure(http, Self.get(server.url("/path"))),
      await Self.failure(http, Self.post(server.url("/write"))),
      await Self.failure(http, Self.get(server.url("/head"))),
      await Self.failure(http, Self.get(server.url("/line"))),
    ]
    #expect(failures.allSatisfy { $0 != nil })
    #expect(!failures.contains { $0?.description.contains(token) ?? false }, "\(failures)")
    #expect(server.requests.map(\.target) == ["/path", "/write", "/head", "/line"])
  }

  // MARK: Requests the client refuses to send

  @Test(arguments: transports)
  func aHeaderWithALineBreakIsNeverSent(plain: Transport) async throws {
    let server = try HostileServer { _ in .json(Self.ok) }
    defer { server.stop() }
    var request = Self.get(server.url("/x"))
    request.headers["TOKEN"] = "secret\r\nX-Injected: 1"
    #expect(
      await Self.failure(Self.client(plain), request) == .invalidRequest("the TOKEN header contains a line break"))
    #expect(server.requests.isEmpty)
  }

  @Test func anAddressThatIsNotHTTPIsRefused() async throws {
    let url = try #require(URL(string: "ftp://127.0.0.1/x"))
    #expect(await Self.failure(Self.client(.sockets), Self.get(url)) == .unsupportedURL(scheme: "ftp"))
  }
}
