import HollowWire
import Testing

@Suite struct HeadScannerTests {
  private static func head(headerBytes: Int) -> [UInt8] {
    Array(
      "GET /v3/contents/system_msg HTTP/1.1\r\nX-Filler: \(String(repeating: "f", count: headerBytes))\r\n\r\n".utf8)
  }

  @Test func aHeadSentOneByteAtATimeIsScannedInLinearTime() {
    let bytes = Self.head(headerBytes: 16_000)
    var scanner = HeadScanner(.request)
    var buffer: [UInt8] = []
    var result = HeadScanner.Result.incomplete
    for byte in bytes {
      buffer.append(byte)
      result = scanner.scan(buffer, maxHeaderBytes: 32 * 1024)
      if result != .incomplete { break }
    }
    #expect(result == .complete(headLength: bytes.count))
    // Re-scanning the whole buffer after every byte would examine about n²/2 = 128 million bytes.
    #expect(scanner.bytesExamined <= 3 * bytes.count)
  }

  @Test func anyWayOfSplittingTheHeadFindsTheSameEnd() {
    let bytes = Self.head(headerBytes: 40) + Array("GET /next HTTP/1.1\r\n\r\n".utf8)
    let end = Self.head(headerBytes: 40).count
    for cut in 1..<bytes.count {
      var scanner = HeadScanner(.request)
      let first = scanner.scan(Array(bytes[..<cut]), maxHeaderBytes: 4096)
      let second = scanner.scan(bytes, maxHeaderBytes: 4096)
      #expect(first == (cut >= end ? .complete(headLength: end) : .incomplete), "cut at \(cut)")
      #expect(second == .complete(headLength: end), "cut at \(cut)")
    }
  }

  @Test func garbageIsRejectedAsEarlyAsBefore() {
    var scanner = HeadScanner(.request)
    #expect(scanner.scan([0x16], maxHeaderBytes: 4096) == .malformedStartLine)
    var lowercase = HeadScanner(.request)
    #expect(lowercase.scan(Array("get ".utf8), maxHeaderBytes: 4096) != .incomplete)
    var badLine = HeadScanner(.request)
    #expect(badLine.scan(Array("GET nopath HTTP/1.1".utf8), maxHeaderBytes: 4096) == .incomplete)
    #expect(
      badLine.scan(Array("GET nopath HTTP/1.1\r\n".utf8), maxHeaderBytes: 4096)
        == .malformedStartLine)
    var long = HeadScanner(.request)
    #expect(
      long.scan(Array(String(repeating: "A", count: 17).utf8), maxHeaderBytes: 4096)
        == .malformedStartLine)
  }

  @Test func aHeadPastTheLimitIs431WhetherOrNotItEnded() {
    let bytes = Self.head(headerBytes: 5_000)
    var unfinished = HeadScanner(.request)
    #expect(
      unfinished.scan(Array(bytes.dropLast(4)), maxHeaderBytes: 4096)
        == .tooLarge)
    var finished = HeadScanner(.request)
    #expect(finished.scan(bytes, maxHeaderBytes: 4096) == .tooLarge)
  }

  @Test func aResponsesLinesMayEndWithABareLineFeedARequestsMayNot() {
    let response = Array("HTTP/1.0 404 Not Found\nContent-Length: 2\r\n\nno".utf8)
    var scanner = HeadScanner(.response)
    #expect(scanner.scan(response, maxHeaderBytes: 4096) == .complete(headLength: response.count - 2))
    #expect(
      HeadScanner.lines(of: response[..<(response.count - 2)], .response).map { String(decoding: $0, as: UTF8.self) }
        == ["HTTP/1.0 404 Not Found", "Content-Length: 2"])
    // In a request a bare LF ends no line: the head never ends (and the parser would refuse the line).
    let request = Array("GET / HTTP/1.1\r\nHost: a\n\nX: y\n".utf8)
    var strict = HeadScanner(.request)
    #expect(strict.scan(request, maxHeaderBytes: 4096) == .incomplete)
    #expect(
      strict.scan(request + Array("\r\n\r\n".utf8), maxHeaderBytes: 4096) == .complete(headLength: request.count + 4))
    #expect(
      HeadScanner.lines(of: (request + Array("\r\n\r\n".utf8))[...], .request).map {
        String(decoding: $0, as: UTF8.self)
      }
        == ["GET / HTTP/1.1", "Host: a\n\nX: y\n"])
    var bareStartLine = HeadScanner(.request)
    #expect(bareStartLine.scan(Array("GET / HTTP/1.1\nHost: a\r\n".utf8), maxHeaderBytes: 4096) == .malformedStartLine)
  }

  @Test func aProxyRequestMayNameAnAuthorityAServerRequestMayNot() {
    let connect = Array("CONNECT target.test:443 HTTP/1.1\r\nHost: target.test:443\r\n\r\n".utf8)
    var proxy = HeadScanner(.proxyRequest)
    #expect(proxy.scan(connect, maxHeaderBytes: 4096) == .complete(headLength: connect.count))
    var server = HeadScanner(.request)
    #expect(server.scan(connect, maxHeaderBytes: 4096) == .malformedStartLine)
  }

  @Test func nothingPastTheLimitIsLookedAtAndTheVerdictStays() {
    let bytes = Array("HTTP/1.1 200 OK\r\nX: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    var scanner = HeadScanner(.response)
    #expect(scanner.scan(bytes, maxHeaderBytes: 4096) == .tooLarge)
    #expect(scanner.bytesExamined <= 4096)
    var complete = HeadScanner(.request)
    let head = Self.head(headerBytes: 10)
    #expect(complete.scan(head, maxHeaderBytes: 4096) == .complete(headLength: head.count))
    #expect(complete.scan(head + head, maxHeaderBytes: 4096) == .complete(headLength: head.count))
  }
}
