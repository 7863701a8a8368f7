import Foundation
import HollowServer
import Testing

@testable import HollowCLI

/// `cache stats|verify|clear|path` on a temporary cache folder.
@Suite struct LocalCommandRunnerTests {
  private func stats(_ variables: [String: String]) async throws -> CacheStatsReport {
    let run = await CLIHarness.run(["--json", "cache", "stats"], variables: variables)
    #expect(run.status == 0, "\(run.stderr)")
    return try JSONDecoder().decode(CacheStatsReport.self, from: Data(run.stdout.utf8))
  }

  @Test func statsCountWhatTimelineRunsDid() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        let empty = try await stats(variables)
        #expect(empty.entries == 0)
        #expect(empty.directory == folder.path)
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let cold = try await stats(variables)
        #expect(cold.entries > 1)
        #expect(cold.bytes > 0)
        #expect(cold.misses > 0)
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let warm = try await stats(variables)
        #expect(warm.hits > cold.hits)
        #expect(warm.entries >= cold.entries)
        let text = await CLIHarness.run(["cache", "stats"], variables: variables)
        #expect(text.stdout.hasPrefix("folder           \(folder.path)\nentries          \(warm.entries)\n"))
        #expect(text.stdout.contains("corrupt dropped  0\n"))
      }
    }
  }

  @Test func verifyDropsADamagedEntry() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let files = try CLIHarness.entryFiles(folder)
        let (name, bytes) = try #require(files.max { $0.value.count < $1.value.count })
        var damaged = bytes
        damaged[damaged.count - 1] ^= 0xFF
        try damaged.write(to: folder.appendingPathComponent(name))
        let verify = await CLIHarness.run(["cache", "verify"], variables: variables)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(
          verify.stdout.hasPrefix(
            "checked \(files.count) entries: \(files.count - 1) valid, 1 dropped (1 payload checksum mismatch)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        #expect(try await stats(variables).corruptDropped == 1)
        let again = await CLIHarness.run(["cache", "verify"], variables: variables)
        #expect(again.stdout.hasPrefix("checked \(files.count - 1) entries: \(files.count - 1) valid, 0 dropped\n"))
      }
    }
  }

  @Test func statsDoNotCountThemselvesNorTheLedger() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { _, variables in
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let first = try await stats(variables)
        let second = try await stats(variables)
        let third = try await stats(variables)
        #expect(first == second && second == third)
        #expect(await CLIHarness.run(["cache", "clear"], variables: variables).status == 0)
        let cleared = try await stats(variables)
        #expect(cleared.entries == 0 && cleared.bytes == 0)
        #expect(cleared.hits == third.hits)
      }
    }
  }

  @Test func verifyReportsWhatOpeningTheCacheRemoved() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let files = try CLIHarness.entryFiles(folder)
        let (name, bytes) = try #require(files.max { $0.value.count < $1.value.count })
        try bytes.prefix(20).write(to: folder.appendingPathComponent(name))
        let hex = String(repeating: "ab", count: 32)
        #expect(mkfifo(folder.appendingPathComponent(hex).path, 0o600) == 0)
        #expect(mkdir(folder.appendingPathComponent(String(repeating: "cd", count: 32)).path, 0o700) == 0)
        #expect(unlink(folder.appendingPathComponent(".lock").path) == 0)
        let victim = folder.path + "-victim"
        defer { unlink(victim) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(chmod(victim, 0o644) == 0)
        #expect(symlink(victim, folder.appendingPathComponent(".lock").path) == 0)
        let verify = await CLIHarness.run(["cache", "verify"], variables: variables)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(
          verify.stdout
            == "checked \(files.count + 2) entries: \(files.count - 1) valid, 3 dropped "
            + "(2 not a regular file (a link, folder, FIFO or device), 1 truncated file)\n"
            + "0 expired entries removed, 0 leftover temporary files removed\n"
            + "the lock file was not a regular file (a link, folder, FIFO or device): replaced\n")
        let again = try JSONDecoder().decode(
          CacheVerifyReport.self,
          from: Data(await CLIHarness.run(["--json", "cache", "verify"], variables: variables).stdout.utf8))
        #expect(again.dropped.isEmpty && again.replacedLockFile == nil && again.valid == files.count - 1)
        var info = stat()
        #expect(stat(victim, &info) == 0 && info.st_mode & 0o777 == 0o644)
      }
    }
  }

  @Test func pathIsJSONWithTheFlag() async throws {
    let run = await CLIHarness.run(["--json", "cache", "path"], variables: ["HOLLOW_CACHE_DIR": "/some/where"])
    #expect(run.status == 0)
    #expect(try JSONDecoder().decode(CachePathReport.self, from: Data(run.stdout.utf8)).directory == "/some/where")
    #expect(
      run.stdout == #"{"directory":"\/some\/where"}"# + "\n" || run.stdout == #"{"directory":"/some/where"}"# + "\n")
  }

  @Test func clearEmptiesTheFolder() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        #expect(await CLIHarness.run(["--server", url, "timeline"], variables: variables).status == 0)
        let before = try await stats(variables)
        let clear = await CLIHarness.run(["cache", "clear"], variables: variables)
        #expect(clear.stdout == "removed \(before.entries) entries (\(before.bytes) bytes) from \(folder.path)\n")
        #expect(try CLIHarness.entryFiles(folder).isEmpty)
        let offline = await CLIHarness.run(["--server", url, "--offline", "timeline"], variables: variables)
        #expect(offline.status == 1)
      }
    }
  }

  @Test func pathFollowsFlagThenEnvironment() async {
    func path(_ arguments: [String], _ variables: [String: String]) async -> String {
      await CLIHarness.run(arguments + ["cache", "path"], variables: variables).stdout
    }
    let all = ["HOLLOW_CACHE_DIR": "/env/hollow", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
    #expect(await path(["--cache-dir", "/flag"], all) == "/flag\n")
    #expect(await path(["--cache-dir=/flag2"], [:]) == "/flag2\n")
    #expect(await path([], all) == "/env/hollow\n")
    #expect(await path([], ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]) == "/xdg/hollow\n")
    #expect(await path([], ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/hollow\n")
    #expect(await path([], ["HOME": "/home/u/"]) == "/home/u/.cache/hollow\n")
    // Nothing to resolve: a clear message, not a crash.
    let none = await CLIHarness.run(["cache", "path"], variables: ["HOME": ""])
    #expect(none.status == 0 || none.status == 1)
  }

  @Test func cacheCommandsRefuseNoCache() async {
    let run = await CLIHarness.run(["--no-cache", "cache", "stats"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("hollow-cli: cache stats works on the cache folder; drop --no-cache"))
    let both = await CLIHarness.run(["--no-cache", "--offline", "timeline"])
    #expect(both.status == 2)
    let write = await CLIHarness.run(["--offline", "send", "hi"])
    #expect(write.stderr.hasPrefix("hollow-cli: --offline: send needs the server"))
  }
}
