import Foundation
import HollowKit
import Testing

@testable import HollowCLI
@testable import HollowServer

/// `post PID --save-images DIR` names the files itself (pid, cid and the type the bytes show), never
/// after the server's image path, and never asks for a path with a `..` segment.
@Suite struct ImageFolderTests {
  static let base = URL(string: "http://127.0.0.1:8080/images/")!

  static func post(_ pid: Int, image: String?) -> Post {
    Post(pid: pid, text: "t", type: .image, timestamp: 0, updatedAt: 0, imagePath: image)
  }

  static func comment(_ cid: Int, on pid: Int, image: String?) -> HollowKit.Comment {
    HollowKit.Comment(cid: cid, pid: pid, text: "c", type: .image, timestamp: 0, name: "Alice", imagePath: image)
  }

  @Test func namesComeFromThePidAndCidNeverFromThePath() {
    let entries = ImageFolder.entries(
      post: Self.post(40353, image: "\u{1B}]0;pwned\u{07}.png"),
      comments: [
        Self.comment(12, on: 40353, image: ".bashrc"), Self.comment(13, on: 40353, image: nil),
        Self.comment(14, on: 40353, image: "../../etc/passwd"),
        Self.comment(15, on: 40353, image: ".bashrc"),  // the same image again: saved once
      ],
      imageBaseURL: Self.base)
    #expect(entries.map(\.stem) == ["40353", "40353-12", "40353-14"])
    #expect(entries.map(\.owner) == ["#40353's image", "#40353's comment 12's image", "#40353's comment 14's image"])
  }

  @Test func aNegativeNumberNeverStartsAName() {
    let entries = ImageFolder.entries(
      post: Self.post(-5, image: "a.png"), comments: [Self.comment(-1, on: -5, image: "b.png")],
      imageBaseURL: Self.base)
    #expect(entries.map(\.stem) == ["image", "image"])
  }

  @Test func theExtensionIsTheSniffedTypeAndARepeatedNameGetsANumber() {
    #expect(ImageFolder.fileName(stem: "7", format: .png, taken: []) == "7.png")
    #expect(ImageFolder.fileName(stem: "7", format: .jpeg, taken: []) == "7.jpg")
    #expect(ImageFolder.fileName(stem: "7-1", format: .gif, taken: ["7-1.gif"]) == "7-1-2.gif")
    #expect(ImageFolder.fileName(stem: "7-1", format: .gif, taken: ["7-1.gif", "7-1-2.gif"]) == "7-1-3.gif")
  }

  @Test func hostileImagePathsAreNeitherFileNamesNorRequests() async throws {
    let png = PNGEncoder.encode(width: 2, height: 2) { _, _ in (1, 2, 3) }
    let gif = Array("GIF89a".utf8) + [2, 0, 2, 0, 0, 0, 0, 0x3B]
    let square = ["w": 2, "h": 2]
    let detail = HostileServer.Answer.json(
      [
        "code": 0,
        "post": HostileServerTests.post(
          7, ["type": "image", "url": "\u{1B}]0;pwned\u{07}.png", "image_metadata": square]),
        "data": [
          HostileServerTests.comment(11, on: 7, ["type": "image", "url": ".bashrc", "image_metadata": square]),
          HostileServerTests.comment(12, on: 7, ["type": "image", "url": "../../v3/secret", "image_metadata": square]),
          HostileServerTests.comment(
            13, on: 7, ["type": "image", "url": "x/./%2E%2e/y.png", "image_metadata": square]),
        ],
      ] as [String: Any])
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try HostileServer { path in
      if path.contains("post/detail") { return detail }
      if path.hasSuffix(".bashrc") { return HostileServer.Answer(body: gif) }
      return HostileServer.Answer(body: png)
    }
    defer { server.shutdown() }
    let run = await CLIHarness.run(["--server", server.url, "--no-cache", "post", "7", "--save-images", folder.path])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["7-11.gif", "7.png"])
    #expect(try Data(contentsOf: folder.appendingPathComponent("7.png")) == Data(png))
    #expect(run.status == 1)
    let refusal = "the request cannot be sent: the image path has a '.' or '..' segment"
    #expect(
      run.stderr
        == "hollow-cli: --save-images: #7's comment 12's image: \(refusal); #7's comment 13's image: \(refusal)\n")
    #expect(run.stdout.hasSuffix("saved 2 images to \(folder.path)\n"))
    let imageRequests = server.requestPaths.filter { $0.contains("/images/") }
    #expect(imageRequests.count == 2)
    #expect(!imageRequests.contains { $0.contains("..") || $0.lowercased().contains("%2e") })
  }
}
