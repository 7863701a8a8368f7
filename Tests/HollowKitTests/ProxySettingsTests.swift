import Foundation
import LoopbackTesting
import TestScheduling
import Testing

@testable import HollowKit

/// Proxies from the environment, as curl reads them, and requests through a ``TestProxy`` on loopback.
/// Targets are named `target.test` (the proxy connects to 127.0.0.1 whatever the name), since loopback
/// itself is never proxied.
@Suite(.offCooperativePool, .timeLimit(.minutes(1)))
struct ProxySettingsTests {
  static let ok = #"{"code":0,"data":[]}"#

  static func client(_ environment: [String: String], trust: TLSTrust = .system) -> NetworkHTTPClient {
    NetworkHTTPClient(
      timeouts: HTTPTimeouts(idle: ClientFixtures.backstop, total: ClientFixtures.backstop), transport: .sockets,
      trust: trust, proxies: ProxySettings(environment: environment))
  }

  static func get(_ url: String) throws -> HTTPClientRequest {
    NetworkHTTPClientHostileTests.get(try #require(URL(string: url)))
  }

  // MARK: Reading the environment

  @Test func lowercaseWinsAndUppercaseHTTPProxyIsIgnored() throws {
    let settings = ProxySettings(environment: [
      "https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2", "HTTP_PROXY": "http://cgi:3",
    ])
    #expect(
      try settings.proxy(for: #require(URL(string: "https://api.example/x"))) == HTTPProxy(host: "lower", port: 1))
    #expect(try settings.proxy(for: #require(URL(string: "http://api.example/x"))) == nil)
    let upper = ProxySettings(environment: ["HTTPS_PROXY": "upper:2", "NO_PROXY": "example"])
    #expect(try upper.proxy(for: #require(URL(string: "https://api.other/x"))) == HTTPProxy(host: "upper", port: 2))
    #expect(try upper.proxy(for: #require(URL(string: "https://api.example/x"))) == nil)
  }

  @Test func aProxyURLGivesHostPortAndBasicCredentials() throws {
    #expect(try HTTPProxy.parse("proxy.corp").get() == HTTPProxy(host: "proxy.corp", port: 1080))
    #expect(
      try HTTPProxy.parse("http://me:p%40ss@[::1]:3128/").get()
        == HTTPProxy(host: "::1", port: 3128, authorization: "Basic " + Data("me:p@ss".utf8).base64EncodedString()))
    #expect(HTTPProxy(host: "::1", port: 3128).description == "[::1]:3128")
  }

  @Test func anUnusableProxyFailsTheRequestRatherThanGoingAround() async throws {
    let http = Self.client(["http_proxy": "socks5://127.0.0.1:1080"])
    #expect(
      await NetworkHTTPClientHostileTests.failure(http, try Self.get("http://target.test:1/x"))
        == .invalidRequest("the proxy uses 'socks5', which is not supported; use an http:// proxy"))
  }

  // MARK: Through a proxy on loopback

  @Test func plainHTTPGoesThroughTheProxyInAbsoluteForm() async throws {
    let server = try HostileServer { _ in .json(Self.ok) }
    defer { server.stop() }
    let proxy = try TestProxy()
    defer { proxy.stop() }
    let response = try await Self.client(["http_proxy": proxy.address]).send(
      Self.get("http://target.test:\(server.port)/v3/x?page=2"))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == Self.ok)
    #expect(proxy.requests == [.init(method: "GET", target: "http://target.test:\(server.port)/v3/x?page=2")])
    #expect(server.requests.map(\.target) == ["/v3/x?page=2"])
    #expect(server.requests.first?.headers["host"] == "target.test:\(server.port)")
  }

  #if canImport(COpenSSL)
  @Test(.enabled(if: TestCertificates.isAvailable, "no test certificates: the openssl command is missing or failed"))
  func httpsTunnelsThroughTheProxyWithCredentials() async throws {
    let certificates = try TestCertificates.shared.get()
    let server = try HostileServer(tls: certificates.server) { _ in .json(Self.ok) }
    defer { server.stop() }
    let authorization = "Basic " + Data("me:s3cret".utf8).base64EncodedString()
    let proxy = try TestProxy(requiredAuthorization: authorization)
    defer { proxy.stop() }
    let http = Self.client(
      ["https_proxy": "http://me:s3cret@127.0.0.1:\(proxy.port)"], trust: .only(certificates.authorityPEM))
    let response = try await http.send(Self.get("https://target.test:\(server.port)/v3/y"))
    #expect(response.status == 200)
    #expect(
      proxy.requests == [.init(method: "CONNECT", target: "target.test:\(server.port)", authorization: authorization)])
    #expect(server.requests.map(\.target) == ["/v3/y"])
    #expect(server.requests.first?.headers["proxy-authorization"] == nil)  // only the proxy saw the credentials
    #expect(server.requests.first?.carriesToken == true)
  }
  #endif

  @Test func aProxyThatWantsCredentialsIsReportedWithoutThem() async throws {
    let proxy = try TestProxy(requiredAuthorization: "Basic right")
    defer { proxy.stop() }
    for (variable, url) in [("http_proxy", "http://target.test:1/x"), ("https_proxy", "https://target.test:1/x")] {
      let http = Self.client([variable: "http://me:wr0ngPassw0rd@127.0.0.1:\(proxy.port)"])
      let failure = await NetworkHTTPClientHostileTests.failure(http, try Self.get(url))
      #expect(failure == .proxyRefused(proxy: "127.0.0.1:\(proxy.port)", status: 407), "\(variable)")
      #expect(failure?.description.contains("wants credentials") == true)
      #expect(failure?.description.contains("wr0ngPassw0rd") == false)
    }
    #expect(proxy.requests.map(\.method) == ["GET", "CONNECT"])
  }

  @Test func loopbackGoesDirectly() async throws {
    // no_proxy's own matching is NoProxyListTests'; a name it lists would be resolved here, beyond loopback.
    let server = try HostileServer { _ in .json(Self.ok) }
    defer { server.stop() }
    let proxy = try TestProxy()
    defer { proxy.stop() }
    let http = Self.client(["http_proxy": proxy.address, "no_proxy": "target.test"])
    #expect(try await http.send(Self.get("http://127.0.0.1:\(server.port)/direct")).status == 200)
    #expect(try await http.send(Self.get("http://localhost:\(server.port)/named")).status == 200)
    #expect(proxy.requests.isEmpty)
    #expect(server.requests.map(\.target) == ["/direct", "/named"])
  }

  @Test func noProxyHostsGoDirectlyAndOthersThroughTheProxy() async throws {
    // Loopback's own exemption set aside, so that no_proxy alone decides between two loopback names.
    let server = try HostileServer { _ in .json(Self.ok) }
    defer { server.stop() }
    let proxy = try TestProxy()
    defer { proxy.stop() }
    let proxies = ProxySettings(
      environment: ["http_proxy": proxy.address, "no_proxy": "localhost, .corp.test"], loopbackIsDirect: false)
    let http = NetworkHTTPClient(transport: .sockets, proxies: proxies)
    #expect(try await http.send(Self.get("http://localhost:\(server.port)/direct")).status == 200)
    #expect(try await http.send(Self.get("http://127.0.0.1:\(server.port)/proxied")).status == 200)
    #expect(proxy.requests.map(\.target) == ["http://127.0.0.1:\(server.port)/proxied"])
    #expect(server.requests.map(\.target) == ["/direct", "/proxied"])
  }

  @Test func anUnreachableProxyIsNamed() async throws {
    // A port that was just listening and is closed now (synchronously, unlike a server's stop()).
    let listener = try LoopbackListener(backlog: 1)
    let port = listener.port
    close(listener.fd)
    let http = Self.client(["http_proxy": "http://user:pw@127.0.0.1:\(port)"])
    let failure = await NetworkHTTPClientHostileTests.failure(http, try Self.get("http://target.test:1/x"))
    #expect(failure == .proxyUnreachable(proxy: "127.0.0.1:\(port)"))
  }
}
