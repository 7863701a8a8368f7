import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The `o` key's opener, without launching one: the search on PATH, and the saved file when there
/// is none.
@Suite struct ImageOpenerTests {
  private func folder(with programs: [String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-opener-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for program in programs {
      let file = folder.appendingPathComponent(program)
      try Data("#!/bin/sh\n".utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    return folder
  }

  @Test func xdgOpenIsPreferredAnywhereOnThePathThenOpen() throws {
    let first = try folder(with: ["open"])
    let second = try folder(with: ["xdg-open"])
    defer { for url in [first, second] { try? FileManager.default.removeItem(at: url) } }
    #expect(ImageOpener.opener(in: "\(first.path):\(second.path)") == second.path + "/xdg-open")
    #expect(ImageOpener.opener(in: first.path) == first.path + "/open")
    #expect(ImageOpener.opener(in: "") == nil)
  }

  @Test func aFileThatIsNotExecutableIsNotAnOpener() throws {
    let folder = try folder(with: [])
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("xdg-open"))
    #expect(ImageOpener.opener(in: folder.path) == nil)
  }

  @Test func withoutAnOpenerTheImageIsSavedAndTheStatusSaysWhere() throws {
    let pid = Int.random(in: 1_000_000...9_999_999)
    var post = ReaderFixtures.post(pid)
    post.imagePath = "x/y.png"
    let data = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
    let image = LoadedImage(
      url: URL(string: "http://127.0.0.1/x/y.png")!, data: data,
      header: ImageHeader(format: .png, size: ImageMetadata(width: 1, height: 1)), origin: .network)
    let message = ImageOpener.open(post: post, images: ["x/y.png": .loaded(image, nil)], variables: ["PATH": ""])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-\(pid).png")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(message == ReaderMessage("saved \(file.path)"))
    #expect(try Data(contentsOf: file) == data)
  }

  @Test func anImageNotLoadedOrMissingIsAnError() {
    var post = ReaderFixtures.post(5)
    #expect(ImageOpener.open(post: post, images: [:], variables: [:]).isError)
    post.imagePath = "x/y.png"
    #expect(ImageOpener.open(post: post, images: ["x/y.png": .loading], variables: [:]).isError)
  }
}
