import Foundation
import HollowKit
import HollowServer
import Testing

@testable import HollowCLI

/// `export` and `import` end to end: backups restore, damaged archives change nothing.
@Suite struct ArchiveTransferTests {
  /// A post of the demo data with comments, fetched once into the cache of `variables`.
  private func cachePostWithComments(_ url: String, _ variables: [String: String]) async throws -> Int {
    let json = await CLIHarness.run(["--server", url, "--json", "timeline"], variables: variables)
    let page = try #require(try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first)
    let pid = try #require(page.posts.first { $0.replyCount > 3 }?.pid)
    #expect(await CLIHarness.run(["--server", url, "post", "\(pid)"], variables: variables).status == 0)
    return pid
  }

  @Test func exportClearImportRestoresComments() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        let pid = try await cachePostWithComments(url, variables)
        let online = await CLIHarness.run(["--server", url, "--offline", "post", "\(pid)"], variables: variables)
        let archive = folder.appendingPathExtension("hollow").path
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let export = await CLIHarness.run(["--server", url, "export", archive, "--with-images"], variables: variables)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("exported "))
        #expect(export.stdout.contains("1 comment list"))
        _ = await CLIHarness.run(["cache", "clear"], variables: variables)
        let gone = await CLIHarness.run(["--server", url, "--offline", "post", "\(pid)"], variables: variables)
        #expect(gone.status == 1)
        #expect(gone.stderr == "hollow-cli: offline: #\(pid) is not in the cache\n")
        let restore = await CLIHarness.run(["--server", url, "import", archive], variables: variables)
        #expect(restore.status == 0, "\(restore.stderr)")
        let back = await CLIHarness.run(["--server", url, "--offline", "post", "\(pid)"], variables: variables)
        #expect(back.status == 0)
        #expect(back.stdout == online.stdout)
        #expect(back.stdout.contains(" comments\n"))
        #expect(back.stdout.hasPrefix("offline: showing cached data from just now\n#\(pid)  "))
        let timeline = await CLIHarness.run(["--server", url, "--offline", "timeline"], variables: variables)
        #expect(timeline.status == 0)
      }
    }
  }

  @Test func aDamagedArchiveChangesNothing() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        _ = try await cachePostWithComments(url, variables)
        let archive = folder.appendingPathExtension("hollow")
        defer { try? FileManager.default.removeItem(at: archive) }
        #expect(await CLIHarness.run(["--server", url, "export", archive.path], variables: variables).status == 0)
        let bytes = try Data(contentsOf: archive)
        // The cache then changes, so an import would have something to overwrite.
        _ = await CLIHarness.run(["--server", url, "timeline", "--page", "2"], variables: variables)
        let before = try CLIHarness.entryFiles(folder)
        let truncated = archive.deletingPathExtension().appendingPathExtension("truncated")
        let flipped = archive.deletingPathExtension().appendingPathExtension("flipped")
        defer {
          try? FileManager.default.removeItem(at: truncated)
          try? FileManager.default.removeItem(at: flipped)
        }
        try bytes.prefix(bytes.count * 2 / 3).write(to: truncated)
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x01
        try damaged.write(to: flipped)
        for (file, reason) in [(truncated, "the archive is truncated"), (flipped, "the archive is damaged (CRC-32")] {
          let run = await CLIHarness.run(["--server", url, "import", file.path], variables: variables)
          #expect(run.status == 1)
          #expect(run.stderr.hasPrefix("hollow-cli: cannot import '\(file.path)': \(reason)"), "\(run.stderr)")
          #expect(run.stderr.hasSuffix("nothing was imported\n"))
          #expect(try CLIHarness.entryFiles(folder) == before)
        }
        let missing = await CLIHarness.run(["import", "/no/such/archive"], variables: variables)
        #expect(missing.status == 1)
        #expect(
          missing.stderr == "hollow-cli: cannot read the archive '/no/such/archive': no such file; check the path\n")
      }
    }
  }

  @Test func anotherNamespaceNeedsForceAndFallsBackWhenUnreachable() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        _ = await CLIHarness.run(["--server", url, "timeline"], variables: variables)
        let archive = folder.appendingPathExtension("hollow").path
        defer { try? FileManager.default.removeItem(atPath: archive) }
        _ = await CLIHarness.run(["--server", url, "export", archive], variables: variables)
        let unreachable = "http://127.0.0.1:1"
        let refused = await CLIHarness.run(["--server", unreachable, "import", archive], variables: variables)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("it was exported for another server or token (\(url)); pass --force"))
        let forced = await CLIHarness.run(
          ["--server", unreachable, "import", archive, "--force"], variables: variables)
        #expect(forced.status == 0, "\(forced.stderr)")
        let run = await CLIHarness.run(["--server", unreachable, "timeline"], variables: variables)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
          run.stdout.hasPrefix("offline: showing cached data from just now (cannot connect to the server)\n"))
        #expect(CLIHarness.headerPids(run.stdout).count >= 30)
      }
    }
  }
}
