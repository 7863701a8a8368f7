import Dispatch
import Foundation
import HollowCache
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// DiskCache against real second processes: the `hollow-cache-crash-helper` executable of this package,
/// killed with SIGKILL in the middle of its writes, or run next to this process's own writers.
@Suite("DiskCache with other processes: kill -9 mid-write, concurrent writers", .serialized)
struct DiskCacheProcessTests {
  @Test("reopening after kill -9 in the middle of writes gives a consistent cache", arguments: [1, 5])
  func crashMidWrite(writesBeforeKill: Int) async throws {
    let helper = try #require(ChildProcess.helperPath(), "hollow-cache-crash-helper is not built next to the tests")
    try await withTemporaryFolder { folder in
      var killsMidWrite = 0
      for round in 0..<2 {
        let child = try ChildProcess(path: helper, arguments: [folder, "crash", "6", "forever", "3000000"])
        let seen = await child.readLines(atLeast: writesBeforeKill + round)
        // Kill inside a write, deterministically: freeze the child (SIGSTOP) while a temporary
        // file exists, confirm it is frozen and the file is still there, then SIGKILL. If the
        // write finished between looking and freezing, let the child go on and aim again.
        await child.freezeWhile(folder: folder) { try folderContents($0).contains(where: { $0.hasPrefix(".tmp-") }) }
        child.sendKill()
        let status = await child.wait()
        #expect(seen == writesBeforeKill + round)
        #expect(status.killedBy == SIGKILL)
        if try folderContents(folder).contains(where: { $0.hasPrefix(".tmp-") }) { killsMidWrite += 1 }

        let cache = try DiskCache(directory: folder, limits: .init(maxBytes: 3_000_000))
        #expect(try folderContents(folder).allSatisfy { !$0.hasPrefix(".tmp-") })
        #expect(await cache.statistics.corruptDropped == 0)
        let report = try await cache.verify()
        #expect(report.droppedCount == 0)
        #expect(report.valid >= 1)
        var readable = 0
        for index in 0..<6 {
          guard let data = await cache.data(forKey: "crash-\(index)") else { continue }
          #expect(isSelfCheckingPayload(data, key: "crash-\(index)"))
          readable += 1
        }
        #expect(readable == report.valid)
      }
      // The kill is aimed at a write; a leftover temporary file proves it landed there at least once.
      #expect(killsMidWrite >= 1)
    }
  }

  @Test("two helper processes and this one writing the same keys at once leave a sound folder")
  func concurrentProcesses() async throws {
    let helper = try #require(ChildProcess.helperPath(), "hollow-cache-crash-helper is not built next to the tests")
    try await withTemporaryFolder { folder in
      let limits = DiskCache.Limits(maxBytes: 2_000_000)
      let children = try (0..<2).map { _ in
        try ChildProcess(path: helper, arguments: [folder, "shared", "8", "15", "2000000"])
      }
      let cache = try DiskCache(directory: folder, limits: limits)
      for step in 0..<30 {
        let key = "shared-\(step % 8)"
        if step % 2 == 0, let data = await cache.data(forKey: key) {
          #expect(isSelfCheckingPayload(data, key: key))
        } else {
          try await cache.set(selfCheckingPayload(key: key, fillerCount: 10_000 + step * 500), forKey: key)
        }
      }
      for child in children {
        #expect(await child.readLines(atLeast: 15) == 15)
        #expect(await child.wait().exitCode == 0)
      }

      #expect(await cache.statistics.corruptDropped == 0)
      let checker = try DiskCache(directory: folder, limits: limits)
      let report = try await checker.verify()
      #expect(report.droppedCount == 0)
      #expect(report.temporariesRemoved == 0)
      #expect(report.valid >= 1)
      for index in 0..<8 {
        if let data = await checker.data(forKey: "shared-\(index)") {
          #expect(isSelfCheckingPayload(data, key: "shared-\(index)"))
        }
      }
    }
  }
}

/// A child process spawned with its standard output on a pipe.
struct ChildProcess: Sendable {
  /// How a child ended.
  struct Status: Sendable {
    var raw: Int32
    var exitCode: Int32? { raw & 0x7F == 0 ? (raw >> 8) & 0xFF : nil }
    var killedBy: Int32? { raw & 0x7F != 0 && raw & 0x7F != 0x7F ? raw & 0x7F : nil }
  }

  struct SpawnError: Error {
    var code: Int32
  }

  let pid: pid_t
  private let output: Int32

  /// The crash helper, looked for beside the running test executable and a few folders up.
  static func helperPath() -> String? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder =
      FileManager.default.fileExists(atPath: executable.path)
      ? executable.deletingLastPathComponent() : Bundle.main.bundleURL.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("hollow-cache-crash-helper").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  init(path: String, arguments: [String]) throws {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw SpawnError(code: errno) }
    // Keep other children from inheriting the pipe (the child's stdout is a dup2 copy, which stays open).
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, path, &actions, nil, argv, environment)
    close(pipeEnds[1])
    guard result == 0 else {
      close(pipeEnds[0])
      throw SpawnError(code: result)
    }
    self.pid = pid
    self.output = pipeEnds[0]
  }

  /// Reads the child's output until `count` lines have arrived or it is closed; returns the lines seen.
  func readLines(atLeast count: Int) async -> Int {
    let output = self.output
    return await withCheckedContinuation { continuation in
      // A thread of its own: a blocked Dispatch worker would starve the cooperative pool, which shares them.
      Thread.detachNewThread {
        var lines = 0
        var buffer = [UInt8](repeating: 0, count: 1)
        while lines < count {
          let result = read(output, &buffer, 1)
          if result < 0 && errno == EINTR { continue }
          if result <= 0 { break }
          if buffer[0] == 0x0A { lines += 1 }
        }
        continuation.resume(returning: lines)
      }
    }
  }

  /// Sends SIGKILL: the child stops wherever it is, mid-write included.
  /// Stops the child (SIGSTOP) at a moment when `condition` holds for `folder`, and returns with
  /// it stopped; gives up after 60 s (a bound, so a broken helper cannot hang the test, whose
  /// own expectations then fail).
  func freezeWhile(folder: String, _ condition: (String) throws -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      while (try? condition(folder)) != true, ContinuousClock.now < deadline { await Task.yield() }
      _ = kill(pid, SIGSTOP)
      while !isStopped, ContinuousClock.now < deadline { await Task.yield() }
      if (try? condition(folder)) == true { return }
      _ = kill(pid, SIGCONT)
    }
  }

  /// Whether the child is stopped by a signal (state `T` in /proc/<pid>/stat).
  var isStopped: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return true }  // gone: nothing left to wait for
    return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("T")
  }

  func sendKill() {
    _ = kill(pid, SIGKILL)
  }

  /// Waits for the child to end and closes the pipe.
  func wait() async -> Status {
    let (pid, output) = (self.pid, self.output)
    return await withCheckedContinuation { continuation in
      // A thread of its own: a blocked Dispatch worker would starve the cooperative pool, which shares them.
      Thread.detachNewThread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(output)
        continuation.resume(returning: Status(raw: status))
      }
    }
  }
}
