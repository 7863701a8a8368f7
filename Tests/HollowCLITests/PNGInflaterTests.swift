import Testing

@testable import HollowCLI

@Suite struct PNGInflaterTests {
  private let data = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 * 31) }

  @Test func inflatesToExactlyTheExpectedSize() throws {
    #expect(try PNGInflater.inflate(PNGBuilder.compress(data), expectedSize: 1_000) == data)
  }

  @Test func oneByteMoreThanExpectedIsRefused() {
    #expect(throws: PNGError.tooLarge("image data inflates past the 999 bytes IHDR implies")) {
      try PNGInflater.inflate(PNGBuilder.compress(data), expectedSize: 999)
    }
  }

  @Test func oneByteLessIsTruncated() {
    #expect(throws: PNGError.truncated("image data ends 1 bytes short")) {
      try PNGInflater.inflate(PNGBuilder.compress(data), expectedSize: 1_001)
    }
  }

  @Test func garbageIsZlibsError() {
    #expect(throws: PNGError.self) { try PNGInflater.inflate([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF], expectedSize: 10) }
    #expect(throws: PNGError.self) { try PNGInflater.inflate([1, 2, 3], expectedSize: 10) }
  }

  @Test func aStreamCutAnywhereFailsWithoutTrapping() {
    let compressed = PNGBuilder.compress(data)
    for length in 0..<compressed.count {
      #expect(throws: PNGError.self) { try PNGInflater.inflate(Array(compressed.prefix(length)), expectedSize: 1_000) }
    }
  }
}
