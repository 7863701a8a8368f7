import Foundation
import HollowCache
import HollowServer
import TestScheduling
import Testing

@testable import HollowCLI

/// What one in-process run of the CLI produced.
struct CLIRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs the CLI in-process with captured output and a fixed clock.
enum CLIHarness {
  /// The real clock: the demo server stamps new posts with it, so they read "just now".
  static var now: Date { Date() }

  /// What the runs in a ``withServer(token:_:)`` body share with its server: the clock
  /// the server keeps its rate-limit windows on (the client keeps them by moving it on, never
  /// sleeping) and one data folder, where the client keeps the windows across runs as a user's would.
  struct SharedRuns: Sendable {
    var time: VirtualTime
    var dataFolder: URL
  }

  @TaskLocal static var shared: SharedRuns?

  /// Runs the CLI; without a cache folder in `variables` or `arguments`, in a fresh one deleted
  /// afterwards (and likewise a data folder). `stdin`, when given, is piped in (not a terminal).
  static func run(
    _ arguments: [String], variables: [String: String] = [:], stdin: String? = nil, stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false, columns: Int? = nil, waitForTermination: @escaping @Sendable () async -> Void = {},
    demoImageBase: Bool = true
  ) async -> CLIRun {
    var variables = variables
    // The image host is configured, never guessed: a test server's images are where `serve` says
    // (`--image-base <server>/images/`), unless the test is about a missing image base.
    if demoImageBase, variables["HOLLOW_IMAGE_BASE"] == nil, !arguments.contains("--image-base"),
      let flag = arguments.firstIndex(of: "--server"), arguments.indices.contains(flag + 1)
    {
      variables["HOLLOW_IMAGE_BASE"] = arguments[flag + 1] + "/images/"
    }
    var throwaway: [URL] = []
    if variables["HOLLOW_CACHE_DIR"] == nil, variables["XDG_CACHE_HOME"] == nil, variables["HOME"] == nil,
      !arguments.contains(where: { $0.hasPrefix("--cache-dir") })
    {
      let folder = temporaryFolder()
      variables["HOLLOW_CACHE_DIR"] = folder.path
      throwaway.append(folder)
    }
    if variables["XDG_DATA_HOME"] == nil, variables["HOME"] == nil, let shared {
      variables["XDG_DATA_HOME"] = shared.dataFolder.path
    } else if variables["XDG_DATA_HOME"] == nil, variables["HOME"] == nil {
      let folder = temporaryFolder()
      variables["XDG_DATA_HOME"] = folder.path
      throwaway.append(folder)
    }
    defer { for folder in throwaway { try? FileManager.default.removeItem(at: folder) } }
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    var environment = CLIEnvironment(
      stdout: stdout, stderr: stderr, stdin: FixedInput(stdin ?? ""), variables: variables,
      stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal, stdinIsTerminal: stdin == nil,
      terminalColumns: columns, now: shared?.time.date ?? now, zone: .utc,
      waitForTermination: waitForTermination)
    if let time = shared?.time {
      environment.rateLimitNow = time.now
      environment.rateLimitSleep = time.sleep
    }
    let status = await HollowCommandLine.run(arguments, environment: environment)
    return CLIRun(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  /// The environment of a built `hollow-cli` that keeps everything it writes in `folder`: its cache,
  /// the demo server's data, its home; and a plain `PATH`.
  static func isolatedVariables(in folder: URL) -> [String: String] {
    [
      "HOLLOW_CACHE_DIR": folder.appendingPathComponent("cache").path,
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "HOME": folder.path, "PATH": "/usr/bin:/bin",
    ]
  }

  /// Runs the built `hollow-cli` with `arguments` under a pseudo-terminal, in a temporary folder of its own
  /// (`isolatedVariables`, `TERM=xterm`, then `extra`), deleted afterwards.
  static func runBuilt(_ arguments: [String], extra: [String: String] = [:], stdoutIsTerminal: Bool) async throws
    -> PseudoTerminal.Run
  {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let variables = isolatedVariables(in: folder).merging(["TERM": "xterm"]) { $1 }.merging(extra) { $1 }
    return try await PseudoTerminal.run(binary, arguments, variables: variables, stdoutIsTerminal: stdoutIsTerminal)
  }

  /// A new, not yet created, folder under the temporary directory.
  static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("hollow-cli-tests-\(UUID().uuidString)")
  }

  /// Runs `body` with a cache folder (`HOLLOW_CACHE_DIR`) that is deleted afterwards.
  static func withCacheFolder<T>(_ body: (_ folder: URL, _ variables: [String: String]) async throws -> T)
    async throws -> T
  {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder, ["HOLLOW_CACHE_DIR": folder.path])
  }

  /// Runs `body` with a demo server of `configuration` (the harness's seed) on an ephemeral port.
  static func withServer<T>(
    configuration: ServerConfiguration, _ body: (_ server: HollowServer, _ url: String) async throws -> T
  ) async throws -> T {
    let server = HollowServer(configuration: configuration)
    let port = try server.start()
    defer { server.shutdown() }
    return try await body(server, "http://127.0.0.1:\(port)")
  }

  /// The entry files of a cache folder and their bytes, without the CLI's own statistics ledger
  /// (which every run rewrites).
  static func entryFiles(_ folder: URL) throws -> [String: Data] {
    let ledger = SHA256.hex(CacheLedger.key)
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.count == 64 && name != ledger {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  /// Runs `body` with a fresh demo server on an ephemeral loopback port, which keeps the real
  /// backend's rate limits on a ``VirtualTime`` that the runs in `body` share (``shared``).
  static func withServer<T>(token: String? = nil, _ body: (_ url: String) async throws -> T) async throws -> T {
    let time = VirtualTime()
    var configuration = ServerConfiguration(seed: 7, token: token)
    configuration.clock = ServerClock(time.now)
    let server = HollowServer(configuration: configuration)
    let port = try server.start()
    let dataFolder = temporaryFolder()
    defer {
      server.shutdown()
      try? FileManager.default.removeItem(at: dataFolder)
    }
    return try await $shared.withValue(SharedRuns(time: time, dataFolder: dataFolder)) {
      try await body("http://127.0.0.1:\(port)")
    }
  }

  /// The pids of the post headers ("#123  ..." at the start of a line) in rendered output.
  static func headerPids(_ output: String) -> [Int] {
    output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("#"), let end = line.firstIndex(of: " ") else { return nil }
      return Int(line[line.index(after: line.startIndex)..<end])
    }
  }
}
