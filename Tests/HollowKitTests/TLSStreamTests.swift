import Foundation
import HollowWire
import LoopbackTesting
import TestScheduling
import Testing

@testable import HollowKit

#if canImport(Glibc)
import Glibc
#endif

/// https over the socket transport (``TLSStream``) against loopback TLS servers whose certificates
/// ``TestCertificates`` makes: what is trusted, what is refused with which sentence, and that every
/// hostile-server bound holds inside TLS as it does outside.
#if canImport(COpenSSL)
@Suite(
  .offCooperativePool, .timeLimit(.minutes(1)),
  .enabled(if: TestCertificates.isAvailable, "no test certificates: the openssl command is missing or failed"))
struct TLSStreamTests {
  static var certificates: TestCertificates { try! TestCertificates.shared.get() }
  static let ok = #"{"code":0,"data":[]}"#

  static func client(
    trust: TLSTrust = .only(certificates.authorityPEM), idle: Duration = ClientFixtures.backstop,
    total: Duration = ClientFixtures.backstop
  ) -> NetworkHTTPClient {
    NetworkHTTPClient(
      timeouts: HTTPTimeouts(idle: idle, total: total), transport: .sockets, trust: trust, proxies: .none)
  }

  static func get(_ url: URL, token: Bool = true, limit: Int = HTTPClientRequest.defaultMaximumResponseBytes)
    -> HTTPClientRequest
  {
    NetworkHTTPClientHostileTests.get(url, token: token, limit: limit)
  }

  static func failure(_ http: NetworkHTTPClient, _ request: HTTPClientRequest) async -> TransportFailure? {
    await NetworkHTTPClientHostileTests.failure(http, request)
  }

  @Test(arguments: ["127.0.0.1", "localhost"])
  func aGetOverTLSReturnsStatusHeadersAndBody(host: String) async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in .json(Self.ok) }
    defer { server.stop() }
    let response = try await Self.client().send(Self.get(server.url("/v3/x?page=1", host: host)))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    #expect(String(decoding: response.body, as: UTF8.self) == Self.ok)
    #expect(server.requests.map(\.target) == ["/v3/x?page=1"])
    #expect(server.requests.first?.headers["host"] == "\(host):\(server.port)")
    #expect(server.requests.first?.carriesToken == true)
  }

  @Test func aPostOverTLSSendsItsBody() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { request in
      .json(#"{"code":0,"length":"\#(request.headers["content-length"] ?? "")"}"#)
    }
    defer { server.stop() }
    let body = Data(repeating: 0x61, count: 100_000)  // several TLS records
    let response = try await Self.client().send(
      HTTPClientRequest(method: .post, url: server.url("/v3/send"), headers: ["TOKEN": "t"], body: body))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"code":0,"length":"100000"}"#)
    #expect(server.requests.map(\.method) == ["POST"])
  }

  @Test func oneClientServesManyThreadsAtOnce() async throws {
    // The client's one TLS context is shared by every exchange's thread (TLSContext's @unchecked Sendable).
    let server = try HostileServer(tls: Self.certificates.server) { _ in .json(Self.ok) }
    defer { server.stop() }
    let http = Self.client()
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<16 {
        group.addTask { try await http.send(Self.get(server.url("/\(index)"))).status }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 200, count: 16))
  }

  @Test func aSelfSignedServerIsRefusedAsUntrusted() async throws {
    let server = try HostileServer(tls: Self.certificates.selfSigned) { _ in .json(Self.ok) }
    defer { server.stop() }
    let failure = await Self.failure(Self.client(), Self.get(server.url("/x")))
    guard case .untrustedCertificate(let reason) = failure else {
      Issue.record("expected an untrusted certificate, got \(String(describing: failure))")
      return
    }
    #expect(reason.hasPrefix("self"), "\(reason)")  // "self-signed certificate" (OpenSSL 3) or "self signed ..."
    #expect(failure?.description.hasPrefix("the server's certificate is not trusted: self") == true)
    #expect(server.requests.isEmpty)  // the request (and its token) never left
  }

  @Test func aServerFromAnUnknownAuthorityIsRefusedAsUntrusted() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in .json(Self.ok) }
    defer { server.stop() }
    let unrelated = TLSTrust.only(Self.certificates.selfSigned.certificatePEM)
    let failure = await Self.failure(Self.client(trust: unrelated), Self.get(server.url("/x")))
    #expect(failure == .untrustedCertificate(reason: "unable to get local issuer certificate"))
    #expect(server.requests.isEmpty)
  }

  @Test(arguments: ["127.0.0.1", "localhost"])
  func aCertificateForAnotherNameIsRefused(host: String) async throws {
    let server = try HostileServer(tls: Self.certificates.wrongName) { _ in .json(Self.ok) }
    defer { server.stop() }
    let failure = await Self.failure(Self.client(), Self.get(server.url("/x", host: host)))
    #expect(failure == .certificateNameMismatch(host: host))
    #expect(failure?.description == "the server's certificate is not valid for host \(host); check the address")
    #expect(server.requests.isEmpty)
  }

  @Test func aServerThatNeverAnswersTheHandshakeTimesOut() async throws {
    // A listener nobody accepts from: the system completes the TCP handshake, and the ClientHello waits
    // unread for ever. The idle timeout ends it.
    let listener = try LoopbackListener(backlog: 4)
    defer { close(listener.fd) }
    let plain = try #require(URL(string: "https://127.0.0.1:\(listener.port)/x"))
    #expect(await Self.failure(Self.client(idle: .milliseconds(300)), Self.get(plain)) == .timedOut)
  }

  @Test func invalidExtraRootsAreAClearError() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in .json(Self.ok) }
    defer { server.stop() }
    let failure = await Self.failure(
      Self.client(trust: .only(Data("not a certificate".utf8))), Self.get(server.url("/x")))
    #expect(failure == .invalidRequest("the extra trusted certificates given to the client contain no PEM certificate"))
  }

  // MARK: Bounds inside TLS

  @Test func aHugeAnnouncedAnswerIsRefusedBeforeItsBody() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in .flood(contentLength: 2_000_000_000) }
    defer { server.stop() }
    #expect(
      await Self.failure(Self.client(), Self.get(server.url("/huge")))
        == .tooLarge(limit: HTTPClientRequest.defaultMaximumResponseBytes, announced: 2_000_000_000))
  }

  @Test func anEndlessChunkedAnswerStopsAtTheLimit() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in .endlessChunks }
    defer { server.stop() }
    #expect(
      await Self.failure(Self.client(), Self.get(server.url("/chunks"), limit: 1 << 20))
        == .tooLarge(limit: 1 << 20, announced: nil))
  }

  @Test func aTricklingAnswerEndsAtTheDeadline() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in
      .trickle(contentLength: 100_000, interval: .milliseconds(20))
    }
    defer { server.stop() }
    let http = Self.client(idle: .seconds(10), total: .milliseconds(300))
    #expect(await Self.failure(http, Self.get(server.url("/slow"))) == .deadlineExceeded(total: .milliseconds(300)))
  }

  @Test func waitingForATricklingServerCostsNoCPU() throws {
    // The exchange runs on this thread (off the cooperative pool), so its CPU time is this thread's.
    let server = try HostileServer(tls: Self.certificates.server) { _ in
      .trickle(contentLength: 100_000, interval: .milliseconds(20))
    }
    defer { server.stop() }
    let total = Duration.seconds(1)
    let transport = SocketTransport(idle: .seconds(10), trust: .only(Self.certificates.authorityPEM))
    let request = Self.get(server.url("/slow"))
    let exchange = SocketExchange(
      request: request, bytes: try HTTPRequestEncoder.encode(request), key: try transport.key(for: request.url),
      tls: transport.context, pool: transport.pool,
      limits: SocketConnection.Limits(idle: .seconds(10), deadline: .now + total, total: total), wake: try WakePipe(),
      signal: DispatchSemaphore(value: 0))
    let started = Self.threadCPUTime()
    let wall = ContinuousClock.now
    var outcome = Result<HTTPClientResponse, TransportFailure>.failure(.cancelled)
    exchange.run { result, then in
      outcome = result
      then(true)
    }
    let cpu = Self.threadCPUTime() - started
    let elapsed = ContinuousClock.now - wall
    guard case .failure(let failure) = outcome else {
      Issue.record("the trickle answered")
      return
    }
    #expect(failure == .deadlineExceeded(total: total))
    // ~50 one-byte records and a handshake: a few ms. A busy wait would be most of the second.
    #expect(cpu < .milliseconds(150), "CPU \(cpu) over \(elapsed) of trickling")
    print("TLS trickle: \(cpu) CPU over \(elapsed)")
  }

  @Test func cancellingMidHandshakeEndsAtOnce() async throws {
    // A listener nobody accepts from: the system completes the TCP handshake (the connection is then
    // pending on the listener) and the ClientHello is never answered. (A test server that reads would
    // refuse the ClientHello as a request at its first byte.)
    let listener = try LoopbackListener(backlog: 4)
    defer { close(listener.fd) }
    let url = try #require(URL(string: "https://127.0.0.1:\(listener.port)/x"))
    let http = Self.client(idle: .seconds(30), total: .seconds(50))
    let started = ContinuousClock.now
    let request = Task { await Self.failure(http, Self.get(url)) }
    #expect(
      await LoaderFixtures.eventually {
        (try? WireSocket.wait(listener.fd, for: Int16(POLLIN), SocketBounds(deadline: .now + .milliseconds(1)))) != nil
      })
    request.cancel()
    #expect(await request.value == .cancelled)
    #expect(ContinuousClock.now - started < .seconds(20))  // far below the idle timeout that would end it otherwise
  }

  // MARK: Redirects and dropped connections

  @Test func aRedirectToAnotherHostNeverCarriesTheToken() async throws {
    let elsewhere = try HostileServer(tls: Self.certificates.server) { _ in .json(Self.ok) }
    defer { elsewhere.stop() }
    let origin = try HostileServer(tls: Self.certificates.server) { _ in
      .redirect(status: 302, location: "https://localhost:\(elsewhere.port)/image")
    }
    defer { origin.stop() }
    let http = Self.client()
    #expect(
      await Self.failure(http, Self.get(origin.url("/a")))
        == .redirectRefused(.otherOrigin("https://localhost:\(elsewhere.port)")))
    #expect(elsewhere.requests.isEmpty)
    let response = try await http.send(Self.get(origin.url("/b"), token: false))
    #expect(response.status == 200)
    #expect(elsewhere.requests.map(\.target) == ["/image"])
    #expect(!elsewhere.requests.contains { $0.carriesToken })
  }

  @Test func aServerThatClosesMidRecordIsConnectionLost() async throws {
    let server = try HostileServer(tls: Self.certificates.server) { _ in
      .cutMidRecord(head: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{")
    }
    defer { server.stop() }
    let failure = await Self.failure(Self.client(), Self.get(server.url("/x")))
    #expect(failure == .connectionLost, "\(String(describing: failure))")
  }

  @Test func aServerThatClosesWithoutCloseNotifyIsConnectionLost() async throws {
    // No length: the body would run to the end of the stream, but an end without TLS's close_notify may be a cut.
    let server = try HostileServer(tls: Self.certificates.server) { _ in .text("HTTP/1.1 200 OK\r\n\r\n{\"code\":0") }
    defer { server.stop() }
    #expect(await Self.failure(Self.client(), Self.get(server.url("/x"))) == .connectionLost)
  }

  /// This thread's CPU time.
  static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
#endif
