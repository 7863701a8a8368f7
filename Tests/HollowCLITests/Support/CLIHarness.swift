import Foundation
import HollowServer

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

  static func run(
    _ arguments: [String], variables: [String: String] = [:], stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false, columns: Int? = nil, waitForTermination: @escaping @Sendable () async -> Void = {}
  ) async -> CLIRun {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let environment = CLIEnvironment(
      stdout: stdout, stderr: stderr, variables: variables, stdoutIsTerminal: stdoutIsTerminal,
      stderrIsTerminal: stderrIsTerminal, terminalColumns: columns, now: now, timeZone: TimeZone(identifier: "UTC")!,
      waitForTermination: waitForTermination)
    let status = await HollowCommandLine.run(arguments, environment: environment)
    return CLIRun(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  /// Runs `body` with a fresh demo server on an ephemeral loopback port.
  static func withServer<T>(
    token: String? = nil, _ body: (_ url: String) async throws -> T
  ) async throws -> T {
    let server = HollowServer(configuration: ServerConfiguration(seed: 7, token: token))
    let port = try server.start()
    defer { server.shutdown() }
    return try await body("http://127.0.0.1:\(port)")
  }

  /// The pids of the post headers ("#123  ..." at the start of a line) in rendered output.
  static func headerPids(_ output: String) -> [Int] {
    output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("#"), let end = line.firstIndex(of: " ") else { return nil }
      return Int(line[line.index(after: line.startIndex)..<end])
    }
  }
}
