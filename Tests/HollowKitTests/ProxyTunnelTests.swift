import Foundation
import TestScheduling
import Testing

@testable import HollowKit

/// The proxy's answer to `CONNECT` (``ProxyTunnel``), read through the wire layer's `HeadScanner` with
/// its own bound: a hostile proxy (``HostileServer`` reads `CONNECT` too) that answers with an endless
/// head, something that is not HTTP, or a refusal, gets a clear error, and nothing goes through it.
@Suite(.offCooperativePool, .timeLimit(.minutes(1)))
struct ProxyTunnelTests {
  /// What an https request through a proxy answering `answer` to its `CONNECT` fails with, and the proxy.
  static func failure(throughProxyAnswering answer: String) async throws -> (TransportFailure?, HostileServer) {
    let proxy = try HostileServer { _ in .text(answer) }
    defer { proxy.stop() }
    let http = ProxySettingsTests.client(["https_proxy": "http://127.0.0.1:\(proxy.port)"])
    let request = try ProxySettingsTests.get("https://target.test:1/x")
    return (await NetworkHTTPClientHostileTests.failure(http, request), proxy)
  }

  @Test func anAnswerHeadOverTheBoundIsMalformed() async throws {
    let head = "HTTP/1.1 200 Connection established\r\nX-Pad: " + String(repeating: "p", count: 20_000) + "\r\n\r\n"
    let (failure, proxy) = try await Self.failure(throughProxyAnswering: head)
    #expect(failure == .malformedResponse("the proxy's answer to CONNECT is larger than 16 KiB"))
    #expect(proxy.requests.map(\.method) == ["CONNECT"] && proxy.requests.first?.target == "target.test:1")
  }

  @Test func anAnswerThatIsNotHTTPIsMalformedAtItsFirstLineEnd() async throws {
    // No blank line ever comes: the first line alone is enough to refuse it.
    let (failure, _) = try await Self.failure(throughProxyAnswering: "SSH-2.0-OpenSSH_9.2\r\n")
    #expect(failure == .malformedResponse("the proxy's answer to CONNECT does not start with an HTTP/1.x status line"))
  }

  @Test func aRefusalNamesTheProxyAndItsStatus() async throws {
    let (failure, proxy) = try await Self.failure(
      throughProxyAnswering: "HTTP/1.1 403 Forbidden\nContent-Length: 0\n\n")
    #expect(failure == .proxyRefused(proxy: "127.0.0.1:\(proxy.port)", status: 403))
  }
}
