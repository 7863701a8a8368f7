import Foundation
import Testing

@testable import HollowKit

@Suite struct HTTPRequestEncoderTests {
  static func text(_ request: HTTPClientRequest) throws -> String {
    String(decoding: try HTTPRequestEncoder.encode(request), as: UTF8.self)
  }

  @Test func aGetHasTheTargetHostAndHeaders() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v3/contents/post/list?page=1&v=v3"))
    let request = HTTPClientRequest(method: .get, url: url, headers: ["TOKEN": "t", "Accept": "application/json"])
    #expect(
      try Self.text(request)
        == "GET /v3/contents/post/list?page=1&v=v3 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept-Encoding: gzip\r\n"
        + "Accept: application/json\r\nTOKEN: t\r\n\r\n")
  }

  @Test func aPostCarriesItsLengthAndBody() throws {
    let url = try #require(URL(string: "http://example.test/send"))
    let request = HTTPClientRequest(
      method: .post, url: url,
      headers: ["Content-Length": "999", "Host": "evil", "Connection": "keep-alive", "Accept-Encoding": "br"],
      body: Data("a=1".utf8))
    #expect(
      try Self.text(request)
        == "POST /send HTTP/1.1\r\nHost: example.test\r\nAccept-Encoding: gzip\r\nContent-Length: 3\r\n\r\na=1")
  }

  @Test func anEmptyPathIsTheRootAndIPv6HostsAreBracketed() throws {
    let url = try #require(URL(string: "http://[::1]:9/"))
    #expect(try HTTPRequestEncoder.target(of: url) == HTTPRequestEncoder.Target(host: "::1", port: 9))
    let bare = try #require(URL(string: "http://[::1]:9"))
    #expect(try Self.text(HTTPClientRequest(method: .get, url: bare)).hasPrefix("GET / HTTP/1.1\r\nHost: [::1]:9\r\n"))
  }

  @Test func httpsDefaultsToPort443AndLeavesItOutOfHost() throws {
    let url = try #require(URL(string: "https://api.example/v3"))
    #expect(try HTTPRequestEncoder.target(of: url) == HTTPRequestEncoder.Target(host: "api.example", port: 443))
    #expect(
      try Self.text(HTTPClientRequest(method: .get, url: url)).hasPrefix("GET /v3 HTTP/1.1\r\nHost: api.example\r\n"))
    let other = try #require(URL(string: "https://api.example:80/v3"))
    #expect(try Self.text(HTTPClientRequest(method: .get, url: other)).contains("\r\nHost: api.example:80\r\n"))
  }

  @Test func throughAProxyTheRequestLineIsAbsoluteAndCarriesTheProxyCredentials() throws {
    let url = try #require(URL(string: "http://target.test:8080/v3/x?page=2"))
    let request = HTTPClientRequest(method: .get, url: url, headers: ["Proxy-Authorization": "Basic forged"])
    let proxy = HTTPProxy(host: "proxy", port: 3128, authorization: "Basic bWU6cHc=")
    #expect(
      String(decoding: try HTTPRequestEncoder.encode(request, proxy: proxy), as: UTF8.self)
        == "GET http://target.test:8080/v3/x?page=2 HTTP/1.1\r\nHost: target.test:8080\r\n"
        + "Accept-Encoding: gzip\r\nProxy-Authorization: Basic bWU6cHc=\r\n\r\n")
    // Without a proxy, no Proxy-Authorization leaves, whatever the request's headers say.
    #expect(!(try Self.text(request).contains("Proxy-Authorization")))
  }

  @Test func headersThatCouldSmuggleARequestAreRefused() throws {
    let url = try #require(URL(string: "http://example.test/"))
    for (name, value) in [
      ("TOKEN", "a\r\nX: 1"), ("TOKEN", "a\nb"), ("TOKEN", "a\u{0}b"), ("Bad Name", "x"), ("", "x"),
    ] {
      #expect(throws: TransportFailure.self) {
        try HTTPRequestEncoder.encode(HTTPClientRequest(method: .get, url: url, headers: [name: value]))
      }
    }
  }

  @Test(arguments: [
    "http://example.test/images/../v3/x", "http://example.test/images/./x.png", "http://example.test/a/..",
    "http://example.test/a/%2e%2E/b", "http://example.test/a/%2E/b", "http://example.test/..?page=1",
  ])
  func aPathWithADotSegmentIsNeverSent(address: String) throws {
    // A server resolves them to another resource than the one named (an image path `../v3/...`, say).
    let url = try #require(URL(string: address))
    #expect(throws: TransportFailure.invalidRequest("the address's path has a '.' or '..' segment")) {
      try HTTPRequestEncoder.encode(HTTPClientRequest(method: .get, url: url))
    }
  }

  @Test(arguments: [
    "http://example.test/a/.b/..c/...", "http://example.test/a%2e/%2e%2e%2e", "http://example.test/a?x=/../",
  ])
  func dotsInsideANameOrInTheQueryAreNoSegment(address: String) throws {
    let url = try #require(URL(string: address))
    #expect(throws: Never.self) { try HTTPRequestEncoder.encode(HTTPClientRequest(method: .get, url: url)) }
  }
}
