import HollowWire
import LoopbackTesting
import Testing

@Suite struct InflaterTests {
  /// 64 KiB of JSON-like text: compresses well, as an API page does.
  private let text = Array(
    String(repeating: #"{"pid":123456,"text":"a post with some words in it","likenum":7},"#, count: 1_000).utf8
      .prefix(64 * 1024))

  @Test func aGzipStreamInflatesToItsBytes() throws {
    let packed = GzipFixture.gzip(text)
    #expect(packed.count < text.count / 4)
    #expect(try Inflater.inflate(packed, format: .gzip, limit: 1 << 20) == text)
  }

  @Test func aZlibStreamInflatesIntoItsExpectedSize() throws {
    let packed = GzipFixture.zlib(text)
    #expect(try Inflater.inflate(packed, format: .zlib, limit: text.count, expectedSize: text.count) == text)
  }

  @Test func anEmptyBodyInflatesToNothing() throws {
    #expect(try Inflater.inflate(GzipFixture.gzip([]), format: .gzip, limit: 10).isEmpty)
  }

  @Test func concatenatedGzipMembersAreOneBody() throws {
    let packed = GzipFixture.gzip(Array(text[..<1000])) + GzipFixture.gzip(Array(text[1000...]))
    #expect(try Inflater.inflate(packed, format: .gzip, limit: 1 << 20) == text)
  }

  @Test func theLimitHoldsForTheInflatedBytes() throws {
    let packed = GzipFixture.gzip(text)
    #expect(try Inflater.inflate(packed, format: .gzip, limit: text.count) == text)
    #expect(throws: Inflater.Failure.tooLarge(limit: text.count - 1)) {
      try Inflater.inflate(packed, format: .gzip, limit: text.count - 1)
    }
    // A second member past the limit is refused too.
    #expect(throws: Inflater.Failure.tooLarge(limit: text.count)) {
      try Inflater.inflate(packed + GzipFixture.gzip([1]), format: .gzip, limit: text.count)
    }
  }

  /// 64 MiB of zeros take 64 KiB gzipped: inflating stops at the limit, whatever the rest would be.
  @Test func aDecompressionBombStopsAtTheLimit() throws {
    let bomb = GzipFixture.gzip([UInt8](repeating: 0, count: 64 << 20))
    #expect(bomb.count < 128 * 1024)
    #expect(throws: Inflater.Failure.tooLarge(limit: 1 << 20)) {
      try Inflater.inflate(bomb, format: .gzip, limit: 1 << 20)
    }
  }

  @Test func aStreamCutAnywhereIsTruncatedOrCorruptNeverShort() {
    let packed = GzipFixture.gzip(Array(text[..<2000]))
    for length in 0..<packed.count {
      #expect(throws: Inflater.Failure.self) {
        try Inflater.inflate(packed.prefix(length), format: .gzip, limit: 1 << 20)
      }
    }
    // Cut in the trailer (the CRC-32 and length), after all the data inflated: still truncated.
    #expect(throws: Inflater.Failure.truncated(produced: 2000)) {
      try Inflater.inflate(packed.dropLast(3), format: .gzip, limit: 1 << 20)
    }
  }

  @Test func corruptDataIsZlibsReason() {
    var packed = GzipFixture.gzip(Array(text[..<2000]))
    packed[packed.count - 6] ^= 0xFF  // the CRC-32
    #expect(throws: Inflater.Failure.corrupt("incorrect data check")) {
      try Inflater.inflate(packed, format: .gzip, limit: 1 << 20)
    }
    #expect(throws: Inflater.Failure.corrupt("incorrect header check")) {
      try Inflater.inflate(Array(#"{"code":0}"#.utf8), format: .gzip, limit: 1 << 20)
    }
    // A zlib stream is not gzip, nor gzip zlib.
    #expect(throws: Inflater.Failure.self) {
      try Inflater.inflate(GzipFixture.zlib(text), format: .gzip, limit: 1 << 20)
    }
    #expect(throws: Inflater.Failure.self) {
      try Inflater.inflate(GzipFixture.gzip(text), format: .zlib, limit: 1 << 20)
    }
  }

  @Test func bytesAfterAGzipMemberThatAreNotOneAreCorrupt() {
    let packed = GzipFixture.gzip(Array(text[..<2000])) + [0, 0, 0, 0]
    #expect(throws: Inflater.Failure.self) { try Inflater.inflate(packed, format: .gzip, limit: 1 << 20) }
  }
}
