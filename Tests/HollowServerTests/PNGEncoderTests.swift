import HollowKit
import TestScheduling
import Testing

@testable import HollowServer

@Suite(.offCooperativePool) struct PNGEncoderTests {
  @Test(arguments: [(1, 1), (16, 16), (200, 200), (151, 37)])
  func encodesValidPNGs(width: Int, height: Int) {
    let png = PNGEncoder.encode(width: width, height: height) { x, y in (UInt8(x % 256), UInt8(y % 256), 7) }
    let facts = PNGFacts(png)
    #expect(facts.isValid, "\(facts.problems)")
    #expect(facts.width == width && facts.height == height && facts.chunkTypes == ["IHDR", "IDAT", "IEND"])
  }

  @Test func largeImagesSpanSeveralStoredBlocks() {
    // 200 × 200 RGB is 120 200 raw bytes: two stored blocks.
    let facts = PNGFacts(PNGEncoder.encode(width: 200, height: 200) { _, _ in (1, 2, 3) })
    #expect(facts.isValid, "\(facts.problems)")
  }

  @Test func servedImagesMatchTheirMetadata() throws {
    try withServer(ServerConfiguration(seed: 3)) { _, port in
      let client = try TestClient(port: port)
      var checked = 0
      for page in 1...3 {
        let posts = try client.get("/v3/contents/post/list?page=\(page)").decode(PostPage.self).posts
        for post in posts {
          guard let path = post.imagePath, let metadata = post.imageMetadata else { continue }
          let response = try client.get("/images/\(path)")
          #expect(response.status == 200 && response.headers["content-type"] == "image/png")
          let facts = PNGFacts(response.body)
          #expect(facts.isValid, "\(facts.problems)")
          #expect(facts.width == metadata.width && facts.height == metadata.height)
          #expect(path.hasSuffix(".png") && path.split(separator: "/").count == 2)
          checked += 1
        }
      }
      #expect(checked > 0)
    }
  }

  @Test func sniffsUploadedImageSizes() {
    let png = PNGEncoder.encode(width: 12, height: 34) { _, _ in (0, 0, 0) }
    #expect(ImageSniffer.sniff(png) == ImageSniffer.Sniffed(fileExtension: "png", width: 12, height: 34))
    let gif: [UInt8] = Array("GIF89a".utf8) + [10, 0, 20, 0]
    #expect(ImageSniffer.sniff(gif) == ImageSniffer.Sniffed(fileExtension: "gif", width: 10, height: 20))
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 30, 0, 40, 3, 0, 0, 0]
    #expect(ImageSniffer.sniff(jpeg) == ImageSniffer.Sniffed(fileExtension: "jpeg", width: 40, height: 30))
    #expect(ImageSniffer.sniff(Array("hello".utf8)) == nil)
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0x00]) == nil)
    // What the client's ImageHeader refuses, the server refuses too: no size, or an IHDR of the wrong length.
    #expect(ImageSniffer.sniff(Array("GIF89a".utf8) + [0, 0, 20, 0]) == nil)
    var longHeader = png
    longHeader[11] = 14
    #expect(ImageSniffer.sniff(longHeader) == nil)
  }
}
