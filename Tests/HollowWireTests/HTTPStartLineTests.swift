import HollowWire
import Testing

/// Both directions' first lines, and the head scanner reading a response's head as it reads a request's.
@Suite struct HTTPStartLineTests {
  static func request(_ text: String) -> HTTPStartLine.Request? {
    HTTPStartLine.request(Array(text.utf8)[...])
  }

  @Test func aRequestLineIsAMethodATargetAndAnHTTP1Version() throws {
    let line = try #require(Self.request("POST /v3/send/post?v=1 HTTP/1.0"))
    #expect(Array(line.method) == Array("POST".utf8) && Array(line.target) == Array("/v3/send/post?v=1".utf8))
    #expect(line.minorVersion == 0)
    // Absolute form (a proxy's) keeps the path and query; no path is "/".
    #expect(
      Self.request("GET http://example.com/v3/a?b=c HTTP/1.1").map { Array($0.target) } == Array("/v3/a?b=c".utf8))
    #expect(Self.request("GET http://example.com HTTP/1.1").map { Array($0.target) } == Array("/".utf8))
  }

  @Test(arguments: [
    "get / HTTP/1.1", "GET / HTTP/2", "GET  / HTTP/1.1", "GET nopath HTTP/1.1", "GET / HTTP/1.1 ",
    "GET /a\u{7F} HTTP/1.1",
    "ABCDEFGHIJKLMNOPQ / HTTP/1.1", "",
  ])
  func anythingElseIsNotARequestLine(text: String) {
    #expect(Self.request(text) == nil)
  }

  @Test func aStatusLineIsHTTP1AndThreeDigits() {
    let status = { (text: String) in HTTPStartLine.status(Array(text.utf8)[...]).map { [$0.code, $0.minorVersion] } }
    #expect(status("HTTP/1.1 200 OK") == [200, 1])
    #expect(status("HTTP/1.0 404") == [404, 0])
    #expect(status("HTTP/1.1 200OK") == nil && status("HTTP/2 200 OK") == nil && status("HTTP/1.1 20 OK") == nil)
    #expect(status("SSH-2.0-OpenSSH_9.2") == nil)
  }

  @Test func theHeadScannerReadsAResponsesHeadToo() {
    let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi".utf8)
    var scanner = HeadScanner(.response)
    #expect(scanner.scan(Array(head[..<10]), maxHeaderBytes: 1024) == .incomplete)
    #expect(scanner.scan(head, maxHeaderBytes: 1024) == .complete(headLength: head.count - 2))
    var garbage = HeadScanner(.response)
    #expect(garbage.scan(Array("SSH-2.0-OpenSSH\r\n".utf8), maxHeaderBytes: 1024) == .malformedStartLine)
  }
}
