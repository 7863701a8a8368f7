import Foundation
import TestScheduling
import Testing

@testable import HollowCLI
@testable import HollowServer

/// Broken and hostile PNGs: each fails with a ``PNGError``, fast, without allocating for sizes it
/// was told and without a trap.
@Suite(.offCooperativePool) struct PNGDecoderHostileTests {
  private let valid = PNGBuilder.png(
    width: 4, height: 4, bitDepth: 8, colorType: 0, scanlines: Array(repeating: 0, count: 20))

  private func decode(_ bytes: [UInt8]) -> PNGError? {
    do {
      _ = try PNGDecoder.decode(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func hugeDimensionsAreRefusedBeforeInflating() {
    let tiny = PNGBuilder.compress([0])
    for (width, height) in [(100_000, 100_000), (0x7FFF_FFFF, 0x7FFF_FFFF), (16_777_217, 1), (4_097, 4_096)] {
      let png =
        PNGBuilder.signature
        + PNGBuilder.chunk(
          "IHDR", PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 2))
        + PNGBuilder.chunk("IDAT", tiny) + PNGBuilder.chunk("IEND", [])
      guard case .tooLarge = decode(png) else {
        Issue.record("\(width)x\(height): \(String(describing: decode(png)))")
        continue
      }
    }
    // 16-bit RGBA at 4096 × 4096 is within the pixel cap but 128 MiB of scanlines.
    let deep =
      PNGBuilder.signature
      + PNGBuilder.chunk("IHDR", PNGBuilder.ihdr(width: 4_096, height: 4_096, bitDepth: 16, colorType: 6))
      + PNGBuilder.chunk("IDAT", tiny) + PNGBuilder.chunk("IEND", [])
    #expect(decode(deep).map { if case .tooLarge = $0 { true } else { false } } == true)
  }

  @Test func aZeroOrOutOfRangeSizeIsMalformed() {
    for (width, height) in [(0, 1), (1, 0), (0x8000_0000, 1)] {
      let png =
        PNGBuilder.signature
        + PNGBuilder.chunk(
          "IHDR", PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 0))
        + PNGBuilder.chunk("IDAT", PNGBuilder.compress([0, 0])) + PNGBuilder.chunk("IEND", [])
      #expect(decode(png) == .malformed("size \(width)x\(height)"))
    }
  }

  @Test func aBadCRCIsReported() {
    var png = valid
    png[PNGBuilder.signature.count + 8 + 3] ^= 0x01  // a byte of IHDR's data (the width)
    #expect(decode(png) == .badChecksum(chunk: "IHDR"))
  }

  @Test func truncatedFilesAreReportedAtEveryLength() {
    for length in 0..<valid.count {
      let error = decode(Array(valid.prefix(length)))
      guard case .truncated = error else {
        Issue.record("cut at \(length): \(String(describing: error))")
        continue
      }
    }
  }

  @Test func aTruncatedZlibStreamInsideValidChunksIsReported() {
    let scanlines = (0..<(4 * 17)).map { UInt8(truncatingIfNeeded: $0 * 97) }
    let compressed = PNGBuilder.compress(scanlines)
    let png =
      PNGBuilder.signature + PNGBuilder.chunk("IHDR", PNGBuilder.ihdr(width: 16, height: 4, bitDepth: 8, colorType: 0))
      + PNGBuilder.chunk("IDAT", Array(compressed.prefix(compressed.count / 2))) + PNGBuilder.chunk("IEND", [])
    let error = decode(png)
    switch error {
    case .truncated, .badCompression: break
    default: Issue.record("\(String(describing: error))")
    }
  }

  @Test func aZlibBombStopsAtTheSizeIHDRImplies() {
    // 16 × 16 grey needs 272 bytes; this stream inflates to 64 MiB from about 64 KiB.
    let bomb = PNGBuilder.compress([UInt8](repeating: 0, count: 64 << 20))
    #expect(bomb.count < 100_000)
    let png =
      PNGBuilder.signature + PNGBuilder.chunk("IHDR", PNGBuilder.ihdr(width: 16, height: 16, bitDepth: 8, colorType: 0))
      + PNGBuilder.chunk("IDAT", bomb) + PNGBuilder.chunk("IEND", [])
    #expect(decode(png) == .tooLarge("image data inflates past the 272 bytes IHDR implies"))
  }

  @Test func aStreamThatEndsShortIsTruncated() {
    let png = PNGBuilder.png(width: 4, height: 4, bitDepth: 8, colorType: 0, scanlines: Array(repeating: 0, count: 19))
    #expect(decode(png) == .truncated("image data ends 1 bytes short"))
  }

  @Test func anUnknownFilterByteIsMalformed() {
    let png = PNGBuilder.png(width: 1, height: 2, bitDepth: 8, colorType: 0, scanlines: [0, 1, 5, 2])
    #expect(decode(png) == .malformed("filter type 5 on scanline 1"))
  }

  @Test func aPaletteIndexPastThePaletteIsMalformed() {
    let plte = PNGBuilder.chunk("PLTE", [1, 2, 3, 4, 5, 6])
    let png = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 3, scanlines: [0, 3], before: [plte])
    #expect(decode(png) == .malformed("palette index 3 past the 2 colours of PLTE"))
    let missing = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 3, scanlines: [0, 0])
    #expect(decode(missing) == .malformed("a palette image without PLTE"))
  }

  @Test func invalidHeadersAreMalformed() {
    let ihdr = PNGBuilder.ihdr(width: 1, height: 1, bitDepth: 16, colorType: 3)
    let png = PNGBuilder.signature + PNGBuilder.chunk("IHDR", ihdr) + PNGBuilder.chunk("IEND", [])
    #expect(decode(png) == .malformed("bit depth 16 with colour type 3"))
    #expect(decode(Array("GIF89a and more bytes".utf8)) == .notPNG)
    let noHeader = PNGBuilder.signature + PNGBuilder.chunk("IDAT", [1]) + PNGBuilder.chunk("IEND", [])
    #expect(decode(noHeader) == .malformed("IDAT before IHDR"))
  }

  @Test func randomCorruptionNeverTraps() {
    var random = SplitMix(seed: 12)
    let original = PNGEncoder.encode(width: 23, height: 9) { x, y in (UInt8(x * 11), UInt8(y * 17), 99) }
    var failures = 0
    for _ in 0..<400 {
      var png = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        png[Int.random(in: 0..<png.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      if random.next() % 4 == 0 { png = Array(png.prefix(Int.random(in: 0..<png.count, using: &random))) }
      if decode(png) != nil { failures += 1 }
    }
    // Nearly every change breaks a CRC; what matters is that none trapped.
    #expect(failures > 300)
  }
}
