import Foundation
import HollowKit
import Testing

@Suite struct ImageHeaderTests {
  typealias F = LoaderFixtures

  @Test func readsPNGSizeFromIHDR() throws {
    let header = try ImageHeader(parsing: F.png(width: 640, height: 480))
    #expect(header == ImageHeader(format: .png, size: ImageMetadata(width: 640, height: 480)))
  }

  @Test func readsLargePNGSizesBigEndian() throws {
    let header = try ImageHeader(parsing: F.png(width: 70_000, height: 1))
    #expect(header.size == ImageMetadata(width: 70_000, height: 1))
  }

  @Test(arguments: ["87a", "89a"])
  func readsGIFLogicalScreenLittleEndian(version: String) throws {
    let header = try ImageHeader(parsing: F.gif(width: 300, height: 2, version: version))
    #expect(header == ImageHeader(format: .gif, size: ImageMetadata(width: 300, height: 2)))
  }

  @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2, 0xC3, 0xC5, 0xCF])
  func readsJPEGSizeFromStartOfFrame(marker: UInt8) throws {
    let header = try ImageHeader(parsing: F.jpeg(width: 1024, height: 768, sof: marker))
    #expect(header == ImageHeader(format: .jpeg, size: ImageMetadata(width: 1024, height: 768)))
  }

  @Test func jpegSkipsTablesFillBytesAndStandaloneMarkers() throws {
    // A DHT segment (C4, inside the SOF range but not a frame), fill bytes, then a restart marker.
    let table: [UInt8] = [0xFF, 0xC4, 0x00, 0x05, 0xC0, 0x01, 0x02]
    let header = try ImageHeader(
      parsing: F.jpeg(width: 5, height: 7, beforeFrame: table + [0xFF, 0xFF, 0xFF, 0xD0]))
    #expect(header.size == ImageMetadata(width: 5, height: 7))
  }

  @Test func everyTruncationOfAValidHeaderIsTruncatedNeverACrash() throws {
    let samples = [F.png(width: 3, height: 4), F.gif(width: 3, height: 4), F.jpeg(width: 3, height: 4)]
    for sample in samples {
      let full = try ImageHeader(parsing: sample)
      // The bytes the parser needs end well before the sample does; every shorter cut must say "truncated".
      let needed = (1...sample.count).first { (try? ImageHeader(parsing: sample.prefix($0))) != nil } ?? sample.count
      for length in 0..<needed {
        #expect(throws: ImageHeaderError.self) { try ImageHeader(parsing: sample.prefix(length)) }
        do {
          _ = try ImageHeader(parsing: sample.prefix(length))
        } catch .truncated(let format) {
          #expect(format == nil || format == full.format, "length \(length)")
        } catch {
          Issue.record("length \(length) of \(full.format): \(error)")
        }
      }
    }
  }

  @Test func unknownSignatureIsRejected() {
    #expect(throws: ImageHeaderError.unknownSignature) { try ImageHeader(parsing: Data("<html>nope</html>".utf8)) }
    #expect(throws: ImageHeaderError.unknownSignature) { try ImageHeader(parsing: Data("RIFF0000WEBPVP8 ".utf8)) }
  }

  @Test func aPNGWhoseFirstChunkIsNotIHDRIsMalformed() {
    var bytes = [UInt8](F.png(width: 1, height: 1))
    bytes.replaceSubrange(12..<16, with: Array("IDAT".utf8))
    #expect(throws: ImageHeaderError.malformed(format: .png, reason: "the first chunk is not a 13-byte IHDR")) {
      try ImageHeader(parsing: bytes)
    }
  }

  @Test func zeroSizeIsMalformed() {
    #expect(throws: ImageHeaderError.malformed(format: .gif, reason: "zero size 0x5")) {
      try ImageHeader(parsing: F.gif(width: 0, height: 5))
    }
  }

  @Test func jpegWithoutAFrameBeforeTheScanIsMalformed() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6]
    #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "no frame header before the image data")) {
      try ImageHeader(parsing: bytes)
    }
  }

  @Test func jpegWithABadSegmentLengthOrNoMarkerIsMalformed() {
    let shortLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]
    #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "segment length 1 below 2")) {
      try ImageHeader(parsing: shortLength)
    }
    let noMarker: [UInt8] = [0xFF, 0xD8, 0x12, 0x34]
    #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "expected a marker at byte 2")) {
      try ImageHeader(parsing: noMarker)
    }
  }

  @Test func descriptionsNameTheFormat() {
    #expect(ImageHeaderError.truncated(format: .png).description == "the PNG header is cut short")
    #expect(ImageHeaderError.unknownSignature.description == "not a PNG, JPEG or GIF image")
  }
}
