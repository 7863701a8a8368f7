import Foundation
import HollowKit
import Testing

@testable import HollowCLI

@Suite struct HollowArchiveTests {
  static let post = Data(
    #"{"pid":7,"text":"hi","type":"text","timestamp":1,"updated_at":1,"reply":0,"likenum":0,"attention":false,"deleted":false,"permissions":[],"tag":null,"url":"","image_metadata":{},"vote":{}}"#
      .utf8)

  private func archive() throws -> HollowArchive {
    let post = try WireFormat.decode(Post.self, from: Self.post)
    let data = try JSONEncoder().encode(post)
    let manifest = ArchiveManifest(
      format: ArchiveManifest.formatName, version: 1, created: "2024-01-01T00:00:00Z", server: "http://x",
      namespace: "abc", entries: 0, images: false)
    return HollowArchive(
      manifest: manifest,
      entries: [ArchiveEntry(key: "post/v1/7", data: data), ArchiveEntry(key: "missing-post/v1/9", data: Data([1]))])
  }

  @Test func roundTrips() throws {
    let original = try archive()
    let decoded = try HollowArchive(decoding: try original.encoded())
    #expect(decoded.entries == original.entries)
    #expect(decoded.manifest.entries == 2)
    #expect(decoded.manifest.namespace == "abc")
  }

  @Test func everyTruncationIsRefused() throws {
    let bytes = try archive().encoded()
    for length in 0..<bytes.count {
      #expect(throws: ArchiveError.self, "length \(length)") {
        try HollowArchive(decoding: Array(bytes.prefix(length)))
      }
    }
    #expect(throws: ArchiveError.trailingBytes(1)) { try HollowArchive(decoding: bytes + [0]) }
  }

  @Test func everyFlippedByteIsRefused() throws {
    let bytes = try archive().encoded()
    for index in bytes.indices {
      var damaged = bytes
      damaged[index] ^= 0x20
      #expect(throws: ArchiveError.self, "byte \(index)") { try HollowArchive(decoding: damaged) }
    }
  }

  @Test func clearErrors() throws {
    #expect(throws: ArchiveError.notAnArchive) { try HollowArchive(decoding: Array("PK\u{3}\u{4} a zip file".utf8)) }
    var future = try archive().encoded()
    future[8] = 2
    #expect(throws: ArchiveError.unsupportedVersion(2)) { try HollowArchive(decoding: future) }
    #expect(
      ArchiveError.truncated("entry 2").description == "the archive is truncated (it ends inside entry 2)")
  }

  @Test func entriesMustMatchTheirKeys() throws {
    var wrongPid = try archive()
    wrongPid.entries[0].key = "post/v1/8"
    #expect(throws: ArchiveError.self) { try HollowArchive(decoding: try wrongPid.encoded()) }
    var unknown = try archive()
    unknown.entries[1].key = "settings/token"
    #expect(throws: ArchiveError.self) { try HollowArchive(decoding: try unknown.encoded()) }
    var notAnImage = try archive()
    notAnImage.entries[1] = ArchiveEntry(key: "image/v1/" + String(repeating: "a", count: 64), data: Data("x".utf8))
    #expect(throws: ArchiveError.self) { try HollowArchive(decoding: try notAnImage.encoded()) }
    var twice = try archive()
    twice.entries.append(twice.entries[0])
    #expect(throws: ArchiveError.invalidEntry(index: 2, "its key appears twice")) {
      try HollowArchive(decoding: try twice.encoded())
    }
  }
}
