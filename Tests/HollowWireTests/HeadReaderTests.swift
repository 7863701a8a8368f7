import HollowWire
import LoopbackTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a head off a socket, as the test servers and test clients do: the bytes after it stay in
/// the buffer, and a stream that ends early, a bad start line or a head over the limit each say so.
@Suite struct HeadReaderTests {
  private static let bounds = SocketBounds(deadline: .now + .seconds(10))

  @Test func aHeadIsReadAndWhatFollowsItStays() throws {
    let (client, server) = try WireSocketTests.pair()
    defer {
      close(client)
      close(server)
    }
    let sent = Array("POST /x HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /next HTTP/1.1\r\n\r\n".utf8)
    try WireSocket.sendAll(client, sent[...], Self.bounds)
    var buffer: [UInt8] = []
    let outcome = try HeadReader.read(server, into: &buffer, .request, maxHeaderBytes: 4096, Self.bounds)
    #expect(outcome == .head(length: 39))
    let head = try #require(MessageHead(request: buffer[..<39]))
    #expect(head.method == "POST" && head.target == "/x" && head.contentLength == 3)
    #expect(buffer.count <= sent.count && buffer.starts(with: sent))
  }

  @Test func anEarlyEndABadStartLineAndAnOverlongHeadSaySo() throws {
    func outcome(_ text: String, _ startLine: HeadScanner.StartLine, limit: Int = 4096) throws -> HeadReader.Outcome {
      var chunks = [Array(text.utf8)]
      var buffer: [UInt8] = []
      return HeadReader.read(into: &buffer, startLine, maxHeaderBytes: limit) { buffer in
        guard !chunks.isEmpty else { return false }
        buffer += chunks.removeFirst()
        return true
      }
    }
    #expect(try outcome("GET / HTTP/1.1\r\nHost: a\r\n", .request) == .endOfStream)
    #expect(try outcome("\u{16}\u{3}\u{1}", .request) == .malformedStartLine)
    #expect(try outcome("SSH-2.0-OpenSSH\r\n", .response) == .malformedStartLine)
    #expect(try outcome("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 5000), .response) == .tooLarge)
    #expect(try outcome("HTTP/1.1 204 No Content\r\n\r\n", .response) == .head(length: 27))
  }

  @Test func anAnswerHeadReadsBackItsStatusAndFields() throws {
    let head = try #require(MessageHead(response: Array("HTTP/1.1 503 Busy\r\nRetry-After: 5\r\n\r\n".utf8)[...]))
    #expect(head.status == 503 && head.headers == ["retry-after": "5"])
    #expect(MessageHead(response: Array("HTTP/1.1 200 OK\r\nnot a field\r\n\r\n".utf8)[...]) == nil)
  }
}
