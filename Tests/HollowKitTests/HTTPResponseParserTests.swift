import Foundation
import Testing

@testable import HollowKit

@Suite struct HTTPResponseParserTests {
  /// Parses `text` fed all at once and fed one byte at a time; both must agree.
  static func parse(_ text: String, limit: Int = 1 << 20, endOfStream: Bool = false) throws(TransportFailure)
    -> HTTPClientResponse?
  {
    let bytes = Array(text.utf8)
    var whole = HTTPResponseParser(limit: limit)
    var wholeResult = try whole.consume(bytes[...])
    if wholeResult == nil, endOfStream { wholeResult = try whole.finish() }
    var split = HTTPResponseParser(limit: limit)
    var splitResult: HTTPClientResponse?
    for index in bytes.indices where splitResult == nil {
      splitResult = try split.consume(bytes[index...index])
    }
    if splitResult == nil, endOfStream { splitResult = try split.finish() }
    #expect(wholeResult == splitResult)
    return wholeResult
  }

  static func failure(_ text: String, limit: Int = 1 << 20, endOfStream: Bool = false) -> TransportFailure? {
    do {
      _ = try parse(text, limit: limit, endOfStream: endOfStream)
      return nil
    } catch {
      return error
    }
  }

  @Test func aContentLengthBodyEndsAtItsLength() throws {
    let response = try Self.parse(
      "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello, extra")
    #expect(response?.status == 200)
    #expect(response?.header("content-type") == "text/plain")
    #expect(response?.body == Data("hello".utf8))
  }

  @Test func aChunkedBodyWithExtensionsAndTrailersIsJoined() throws {
    let response = try Self.parse(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 99\r\n\r\n"
        + "3;name=value\r\nabc\r\nA\r\n0123456789\r\n0\r\nTrailer: x\r\n\r\n")
    #expect(response?.body == Data("abc0123456789".utf8))
  }

  @Test func bareLineFeedsAreAccepted() throws {
    let response = try Self.parse("HTTP/1.0 404 Not Found\nContent-Length: 2\n\nno")
    #expect(response?.status == 404)
    #expect(response?.body == Data("no".utf8))
  }

  @Test func withoutALengthTheBodyRunsToTheEndOfTheStream() throws {
    #expect(try Self.parse("HTTP/1.1 200 OK\r\n\r\nabc") == nil)
    #expect(try Self.parse("HTTP/1.1 200 OK\r\n\r\nabc", endOfStream: true)?.body == Data("abc".utf8))
  }

  @Test func interimAnswersAreSkipped() throws {
    let response = try Self.parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
    #expect(response?.status == 201)
  }

  @Test func answersWithoutABodyEndAtTheirHead() throws {
    #expect(try Self.parse("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n")?.status == 204)
    #expect(try Self.parse("HTTP/1.1 304 Not Modified\r\n\r\n")?.status == 304)
    // A redirect is decided on its head: its body (maybe endless) is never read.
    let redirect = try Self.parse("HTTP/1.1 302 Found\r\nLocation: /x\r\nTransfer-Encoding: chunked\r\n\r\nffffff\r\n")
    #expect(redirect?.header("Location") == "/x")
    #expect(redirect?.body.isEmpty == true)
  }

  @Test func repeatedHeadersAreJoinedUnderTheFirstSpelling() throws {
    let response = try Self.parse("HTTP/1.1 200 OK\r\nX-A: 1\r\nx-a: 2\r\nContent-Length: 0\r\n\r\n")
    #expect(response?.headers == ["X-A": "1, 2", "Content-Length": "0"])
  }

  @Test func theLimitIsCheckedAgainstTheAnnouncedLengthAndAsBytesArrive() {
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", limit: 10) == .tooLarge(limit: 10, announced: 11))
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 11), limit: 10)
        == .tooLarge(limit: 10, announced: nil))
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n", limit: 10)
        == .tooLarge(limit: 10, announced: nil))
    #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", limit: 10) == nil)
  }

  @Test func aChunkSizeCannotOverflow() {
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n")
        == .malformedResponse("a chunk size has more than 15 hexadecimal digits"))
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n")
        == .malformedResponse("the Content-Length is invalid or repeated with another value"))
  }

  @Test func theEndOfTheStreamBeforeTheEndIsConnectionLost() {
    #expect(Self.failure("", endOfStream: true) == .connectionLost)
    #expect(Self.failure("HTTP/1.1 20", endOfStream: true) == .connectionLost)
    #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nab", endOfStream: true) == .connectionLost)
    #expect(
      Self.failure("SSH-2.0-x\r\n", endOfStream: true)
        == .malformedResponse("the answer does not start with an HTTP/1.x status line"))
  }

  @Test func aLongChunkSizeLineIsMalformed() {
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "x", count: 2000))
        == .malformedResponse("a line is too long"))
  }

  // MARK: Strict chunked framing

  static let chunkedHead = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"

  @Test(arguments: ["+4f", "4 f", "0x4f", "", " 4f", "4f ", "-0", "4f;", "1\r\r"])
  func aChunkSizeThatIsNotStrictlyHexadecimalIsMalformed(size: String) {
    // Each was read as a size (0x4f, 0, ...) by the lax parser; a smuggled body hides in such disagreements.
    let failure = Self.failure(Self.chunkedHead + size + "\r\n" + String(repeating: "x", count: 0x4F) + "\r\n0\r\n\r\n")
    guard case .malformedResponse(let sentence) = failure else {
      Issue.record("'\(size)' was read as \(String(describing: failure))")
      return
    }
    #expect(sentence.contains("chunk"), "\(sentence)")
  }

  @Test func theSentenceNamesTheLine() {
    #expect(
      Self.failure(Self.chunkedHead + "+4f\r\n")
        == .malformedResponse("a chunk size line is not hexadecimal digits and an optional ';' extension: '+4f'"))
    #expect(Self.failure(Self.chunkedHead + "\r\n") == .malformedResponse("a chunk size line is empty"))
  }

  @Test func aLastChunkMayHaveExtensionsAndLeadingZeros() throws {
    let response = try Self.parse(Self.chunkedHead + "2 ; a=\"b\"\r\nhi\r\n000;end\r\n\r\n")
    #expect(response?.body == Data("hi".utf8))
  }

  @Test func aTrailerThatIsNotAFieldLineIsMalformed() {
    #expect(
      Self.failure(Self.chunkedHead + "0\r\nnot a field\r\n\r\n")
        == .malformedResponse("a header line is not 'name: value'"))
    #expect(
      Self.failure(Self.chunkedHead + "0\r\nA: 1\r\n folded\r\n\r\n")
        == .malformedResponse("a header is folded over several lines"))
  }

  @Test func aHeaderValueWithAControlByteIsMalformed() {
    // The demo server refuses the same in a request (HTTPSyntax.fieldLine serves both).
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nX-Title: \u{1B}]0;owned\u{07}\r\nContent-Length: 0\r\n\r\n")
        == .malformedResponse("a header value holds a control character"))
  }

  @Test func chunkDataLongerThanItsSizeIsMalformed() {
    #expect(
      Self.failure(Self.chunkedHead + "2\r\nabc\r\n0\r\n\r\n")
        == .malformedResponse("a chunk is longer than its announced size"))
  }

  @Test func aBadStatusLineIsRefusedAsSoonAsItsLineEnds() {
    // Before the head's blank line: the wire layer's scanner checks the first line at its line end.
    var parser = HTTPResponseParser(limit: 1024)
    #expect(throws: TransportFailure.malformedResponse("the answer does not start with an HTTP/1.x status line")) {
      try parser.consume(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8)[...])
    }
  }

  @Test func anAnswerCutAnywhereReadsTheSame() throws {
    let text =
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: b\r\n\r\n"
      + "3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
    let bytes = Array(text.utf8)
    let expected = try #require(try Self.parse(text))
    #expect(String(decoding: expected.body, as: UTF8.self) == "abcde" && expected.status == 200)
    for cut in 1..<bytes.count {
      var parser = HTTPResponseParser(limit: 1024)
      let first = try parser.consume(bytes[..<cut])
      let response = try first ?? parser.consume(bytes[cut...])
      #expect(response == expected, "cut at \(cut)")
      #expect(!parser.readPastEnd)
    }
  }
}
