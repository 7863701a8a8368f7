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
}
