import HollowKit
import HollowServer
import TestScheduling
import Testing

@Suite(.offCooperativePool) struct ConnectionTests {
  private static let shortTimeouts = ServerConfiguration(
    limits: ServerLimits(
      maxHeaderBytes: 4096, maxBodyBytes: 64 * 1024, headerTimeout: .milliseconds(300), bodyTimeout: .milliseconds(300),
      idleTimeout: .milliseconds(300)))
  /// The same sizes with the default timeouts, for tests about sizes and garbage: a 300 ms idle timeout could
  /// close the connection before a test thread on a loaded machine sends its first byte.
  private static let smallLimits = ServerConfiguration(
    limits: ServerLimits(maxHeaderBytes: 4096, maxBodyBytes: 64 * 1024))

  @Test(arguments: [
    "\u{1}\u{2}\u{3} garbage \u{ff}\r\n\r\n",
    "hello world, this is not http\r\n\r\n",
    "GET /v3/contents/system_msg HTTP/9.9\r\n\r\n",
    "GET nopath HTTP/1.1\r\n\r\n",
    "GET /v3/contents/system_msg HTTP/1.1\r\nbad header line\r\n\r\n",
    "GET /v3/contents/system_msg HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
    "GET /v3/contents/post/list?page=%zz HTTP/1.1\r\n\r\n",
    "\u{16}\u{3}\u{1}\u{2}\u{0}\u{1}",  // a TLS ClientHello start, no CRLF at all
  ])
  func garbageGets400AndTheServerLivesOn(bytes: String) throws {
    try withServer(Self.smallLimits) { _, port in
      let client = try TestClient(port: port)
      try client.send(bytes)
      let response = try client.readResponse()
      #expect(response.status == 400 && response.headers["connection"] == "close")
      #expect(try TestClient(port: port).get("/v3/contents/system_msg").status == 200)
    }
  }

  @Test func aHeadThatNeverEndsIsClosedAfterTheHeaderTimeout() throws {
    try withServer(Self.shortTimeouts) { server, port in
      let client = try TestClient(port: port)
      try client.send("GET /v3/contents/system_msg HTTP/1.1\r\nHost: x\r\n")
      let (bytes, closed) = client.readUntilClosed()
      #expect(closed)
      #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
      #expect(server.requestCount(path: "/v3/contents/system_msg") == 0)
    }
  }

  @Test func aSilentConnectionIsClosedAfterTheIdleTimeout() throws {
    try withServer(Self.shortTimeouts) { _, port in
      let silent = try TestClient(port: port)
      let (bytes, closed) = silent.readUntilClosed()
      #expect(closed && bytes.isEmpty)
      let kept = try TestClient(port: port)
      #expect(try kept.get("/v3/contents/system_msg").status == 200)
      let (after, closedAfter) = kept.readUntilClosed()
      #expect(closedAfter && after.isEmpty)
    }
  }

  @Test func aBodyThatNeverArrivesTimesOut() throws {
    try withServer(Self.shortTimeouts) { _, port in
      let client = try TestClient(port: port)
      try client.send("POST /v3/send/post HTTP/1.1\r\nContent-Length: 100\r\n\r\ntext=only-a-bit")
      let (bytes, closed) = client.readUntilClosed()
      #expect(closed && String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
    }
  }

  @Test func anOversizedBodyGets413() throws {
    try withServer(Self.smallLimits) { _, port in
      let client = try TestClient(port: port)
      let body = [UInt8](repeating: UInt8(ascii: "a"), count: 200 * 1024)
      try client.sendRequest("POST", "/v3/send/post", body: body)
      let response = try client.readResponse()
      #expect(try response.status == 413 && response.decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func expectContinueIsAnsweredBeforeTheBody() throws {
    try withServer() { _, port in
      let client = try TestClient(port: port)
      try client.send(
        "POST /v3/send/post HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
          + "Content-Length: 19\r\nExpect: 100-continue\r\n\r\n")
      #expect(try client.readResponse().status == 100)
      try client.send("text=hiya&type=text")
      #expect(try client.readResponse().decode(SentPost.self).pid > 0)
    }
  }

  @Test func anOversizedHeadGets431() throws {
    try withServer(Self.smallLimits) { _, port in
      let client = try TestClient(port: port)
      try client.send("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 8192) + "\r\n\r\n")
      #expect(try client.readResponse().status == 431)
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    try withServer() { _, port in
      let client = try TestClient(port: port)
      try client.send(
        "GET /v3/contents/system_msg HTTP/1.1\r\n\r\nGET /nope HTTP/1.1\r\n\r\nGET /v3/contents/post/randomlist HTTP/1.1\r\n\r\n"
      )
      #expect(try client.readResponse().status == 200)
      #expect(try client.readResponse().status == 404)
      #expect(try (0...15).contains(client.readResponse().decode(PostPage.self).posts.count))
    }
  }

  @Test func connectionCloseAndHTTP10AreHonoured() throws {
    try withServer() { _, port in
      let closing = try TestClient(port: port)
      try closing.send("GET /v3/contents/system_msg HTTP/1.1\r\nConnection: close\r\n\r\n")
      #expect(try closing.readResponse().headers["connection"] == "close")
      #expect(closing.readUntilClosed().closed)
      let old = try TestClient(port: port)
      try old.send("GET /v3/contents/system_msg HTTP/1.0\r\n\r\n")
      #expect(try old.readResponse().status == 200)
      #expect(old.readUntilClosed().closed)
    }
  }

  @Test func clientsVanishingMidResponseDoNotHurtTheServer() throws {
    try withServer() { _, port in
      let page = try TestClient(port: port).get("/v3/contents/post/list?page=1").decode(PostPage.self)
      let image = try #require(page.posts.compactMap(\.imagePath).first)
      for index in 0..<20 {
        let client = try TestClient(port: port)
        try client.sendRequest("GET", index % 2 == 0 ? "/images/\(image)" : "/v3/contents/post/list?page=1")
        client.abort()
      }
      #expect(try TestClient(port: port).get("/v3/contents/system_msg").status == 200)
    }
  }
}
