import Foundation
import HollowKit
import HollowServer
import Testing

@testable import HollowCLI

/// `post PID` through the detail cache, and `--save-images`.
@Suite struct PostRunnerTests {
  @Test func saveImagesWritesValidPNGs() async throws {
    try await CLIHarness.withServer { url in
      let json = await CLIHarness.run(["--server", url, "--json", "timeline", "--pages", "3"])
      let pages = try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8))
      let post = try #require(pages.flatMap(\.posts).first { $0.imagePath?.isEmpty == false })
      let metadata = try #require(post.imageMetadata)
      let folder = CLIHarness.temporaryFolder().appendingPathComponent("nested/images")
      defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent()) }
      let run = await CLIHarness.run(["--server", url, "post", "\(post.pid)", "--save-images", folder.path])
      #expect(run.status == 0, "\(run.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      // Named by the pid and the bytes' type, not by the server's path.
      #expect(files.contains("\(post.pid).png"))
      #expect(files.allSatisfy { $0.hasPrefix("\(post.pid)") && $0.hasSuffix(".png") }, "\(files)")
      for file in files {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(file) is not a PNG")
        let header = try ImageHeader(parsing: data)
        #expect(header.format == .png)
        if file == "\(post.pid).png" { #expect(header.size == metadata) }
      }
      #expect(run.stdout.hasSuffix("saved \(RenderContext.count(files.count, "image", "images")) to \(folder.path)\n"))
    }
  }

  @Test func anUnwritableFolderIsAClearError() async throws {
    let file = CLIHarness.temporaryFolder()
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = await CLIHarness.run(["post", "1", "--save-images", file.appendingPathComponent("sub").path])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("hollow-cli: --save-images: cannot create the folder '\(file.path)/sub': "))
    #expect(run.stdout.isEmpty)
  }

  @Test func aTerminalSeesTheCachedCopyFirst() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { _, variables in
        let json = await CLIHarness.run(["--server", url, "--json", "timeline"], variables: variables)
        let pid = try #require(
          try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first?.posts.last?.pid)
        let first = await CLIHarness.run(
          ["--server", url, "post", "\(pid)"], variables: variables, stdoutIsTerminal: true)
        #expect(!first.stdout.contains(PostRunner.refreshingMark))
        let second = await CLIHarness.run(
          ["--server", url, "--no-color", "post", "\(pid)"], variables: variables, stdoutIsTerminal: true)
        #expect(second.status == 0)
        // The cached copy, the mark, then the mark erased: the fresh copy said the same.
        #expect(second.stdout.hasSuffix(PostRunner.refreshingMark + "\n" + PostRunner.eraseLastLine))
        let comment = await CLIHarness.run(["--server", url, "comment", "\(pid)", "新评论"], variables: variables)
        #expect(comment.status == 0)
        let third = await CLIHarness.run(
          ["--server", url, "--no-color", "post", "\(pid)"], variables: variables, stdoutIsTerminal: true)
        let parts = third.stdout.components(separatedBy: PostRunner.refreshingMark + "\n" + PostRunner.eraseLastLine)
        #expect(parts.count == 2)
        #expect(!parts[0].contains("新评论"))
        #expect(parts[1].contains("新评论"))
        // Not a terminal: only the final answer.
        let piped = await CLIHarness.run(["--server", url, "post", "\(pid)"], variables: variables)
        #expect(!piped.stdout.contains(PostRunner.refreshingMark))
        #expect(piped.stdout == parts[1])
      }
    }
  }

  @Test func offlineSaysWhenTheCommentsWereNeverCached() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { _, variables in
        let json = await CLIHarness.run(["--server", url, "--json", "timeline"], variables: variables)
        let page = try #require(try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first)
        // A cited post is cached by the quote loader without its comments.
        let cited = try #require(
          page.posts.lazy.flatMap { Quotes.pids(in: $0.text, excluding: $0.pid) }.first { $0 != 9_999_999 })
        let offline = await CLIHarness.run(["--server", url, "--offline", "post", "\(cited)"], variables: variables)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.hasPrefix("offline: showing cached data"))
        let heading = try #require(offline.stdout.split(separator: "\n").last.map(String.init))
        #expect(
          heading == "comments not cached" || heading.hasSuffix(" comments, not cached")
            || heading == "1 comment, not cached")
        #expect(!offline.stdout.contains("no comments"))
        let offlineJSON = await CLIHarness.run(
          ["--server", url, "--offline", "--json", "post", "\(cited)"], variables: variables)
        let detail = try JSONDecoder().decode(PostDetail.self, from: Data(offlineJSON.stdout.utf8))
        #expect(detail.comments == nil, "comments that were never cached are not an empty list")
        // Once the post is read online its comments are cached, and offline shows them.
        let online = await CLIHarness.run(["--server", url, "--json", "post", "\(cited)"], variables: variables)
        let fresh = try JSONDecoder().decode(PostDetail.self, from: Data(online.stdout.utf8))
        let again = await CLIHarness.run(["--server", url, "--offline", "post", "\(cited)"], variables: variables)
        let count = fresh.comments?.count ?? 0
        #expect(again.stdout.contains(count == 0 ? "no comments" : RenderContext.count(count, "comment", "comments")))
        #expect(!again.stdout.contains("not cached"))
      }
    }
  }
}
