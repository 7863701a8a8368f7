import Foundation
import HollowServer

@testable import HollowCLI

/// Runs documented command lines the way a reader would type them, one document at a time: the
/// `hollow-cli` parts in-process against the embedded demo server (or, for
/// `--server http://127.0.0.1:<port>`, a demo server started here; port 1 stays unreachable), the
/// other parts (`ls images`, `head -c 300 a > b`, `echo x |`) with `sh` in the document's own
/// folder. Examples of one document share a cache folder, a data folder and that working folder,
/// in order, as a reader's shell would.
final class ExampleRunner {
  struct Outcome: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let folder: URL
  private var server: HollowServer?
  private var serverToken: String?
  /// Paths given relative to the reader's folder, resolved: resolved path → as given.
  private var substitutions: [String: String] = [:]

  init() throws {
    folder = CLIHarness.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // `--edit`: an editor that writes a line.
    let editor = folder.appendingPathComponent("editor.sh")
    try Data("#!/bin/sh\nprintf 'written in the editor\\n' >> \"$1\"\n".utf8).write(to: editor)
    chmod(editor.path, 0o755)
  }

  deinit {
    server?.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  private var variables: [String: String] {
    [
      "HOLLOW_CACHE_DIR": folder.appendingPathComponent(".cache").path,
      "XDG_DATA_HOME": folder.appendingPathComponent(".data").path,
      "EDITOR": folder.appendingPathComponent("editor.sh").path, "COLUMNS": "72",
    ]
  }

  /// Runs `line`; the status is that of the last `&&` segment run, and in a pipeline that of its
  /// `hollow-cli` command (what the documentation's "(exit status N)" refers to).
  func run(_ line: ShellLine) async throws -> Outcome {
    var outcome = Outcome(status: 0, stdout: "", stderr: "")
    for pipeline in line.segments {
      outcome = try await run(pipeline)
      if outcome.status != 0 { break }
    }
    return outcome
  }

  private func run(_ pipeline: [ShellLine.Command]) async throws -> Outcome {
    guard let index = pipeline.firstIndex(where: { Self.arguments(of: $0) != nil }),
      let arguments = Self.arguments(of: pipeline[index])
    else {
      return try await shell(actual(pipeline.map(\.shellText).joined(separator: " | ")))
    }
    var stdin: String?
    if index > 0 {
      stdin = try await shell(pipeline[..<index].map(\.shellText).joined(separator: " | ")).stdout
    }
    if let input = pipeline[index].input {
      stdin = try String(contentsOf: resolve(input), encoding: .utf8)
    }
    let run = await CLIHarness.run(try await prepare(arguments), variables: variables, stdin: stdin)
    var outcome = Outcome(status: run.status, stdout: documented(run.stdout), stderr: documented(run.stderr))
    if let output = pipeline[index].output {
      if output != "/dev/null" { try Data(run.stdout.utf8).write(to: resolve(output)) }
      outcome.stdout = ""
    }
    if index + 1 < pipeline.count {
      // `| head -4`: the rest of the pipeline reads what hollow-cli wrote, from a file so that a
      // reader that stops early cannot break a pipe under the test process.
      let piped = folder.appendingPathComponent(".piped")
      try Data(outcome.stdout.utf8).write(to: piped)
      let rest = pipeline[(index + 1)...].map(\.shellText).joined(separator: " | ")
      outcome.stdout = try await shell("(\(rest)) < \(ShellLine.quoted(piped.path))").stdout
    }
    return outcome
  }

  /// `text` with the paths and ports of this run written as the documentation writes them: the
  /// arguments as given (`./images`, not the folder they were resolved to), the cache folder as
  /// `/home/me/.cache/hollow` and every local server's port as 38749.
  private func documented(_ text: String) -> String {
    var text = text
    for (resolved, given) in substitutions.sorted(by: { $0.key.count > $1.key.count }) {
      text = text.replacingOccurrences(of: resolved, with: given)
    }
    for (documented, actual) in Self.homeFolders {
      text = text.replacingOccurrences(of: variables[actual] ?? "", with: documented)
    }
    text = text.replacing(/\.unreadable-[0-9]+/, with: ".unreadable-1765000000")
    return text.replacing(/127\.0\.0\.1:(?!1\b)[0-9]+/, with: "127.0.0.1:38749")
  }

  /// The folders the documentation shows under `/home/me`, and the variable that holds this run's.
  private static let homeFolders = [
    ("/home/me/.cache/hollow", "HOLLOW_CACHE_DIR"), ("/home/me/.local/share", "XDG_DATA_HOME"),
  ]

  /// `text` of a documented shell command with the documentation's `/home/me` folders made this run's.
  private func actual(_ text: String) -> String {
    var text = text
    for (documented, actual) in Self.homeFolders {
      text = text.replacingOccurrences(of: documented, with: variables[actual] ?? "")
    }
    return text
  }

  /// The arguments of a `hollow-cli …` or `swift run hollow-cli …` command, `nil` for another one.
  static func arguments(of command: ShellLine.Command) -> [String]? {
    let words = command.words
    if words.first == "hollow-cli" { return Array(words.dropFirst()) }
    if words.starts(with: ["swift", "run", "hollow-cli"]) { return Array(words.dropFirst(3)) }
    return nil
  }

  /// Relative paths land in the document's folder; `serve` takes any free port and ends at once;
  /// a documented local server is one started here (with the token its `serve` example set).
  private func prepare(_ arguments: [String]) async throws -> [String] {
    var arguments = arguments
    let parsed = try? HollowCommandLine.parser.parse(arguments)
    var paths: Set<String> = []
    if let parsed, let spec = parsed.spec {
      for option in spec.options + CommandTable.globalOptions where ["DIR", "FILE"].contains(option.valueName) {
        paths.formUnion(parsed.arguments.values(option.name) + parsed.global.values(option.name))
      }
      paths.formUnion(parsed.arguments.variadic("FILE"))
    }
    for (index, argument) in arguments.enumerated() where paths.contains(argument) && !argument.hasPrefix("/") {
      arguments[index] = resolve(argument).path
      substitutions[arguments[index]] = argument
    }
    if parsed?.path.first == "serve" {
      serverToken = parsed?.arguments.value("token")
      if let port = arguments.firstIndex(of: "--port"), port + 1 < arguments.count {
        arguments[port + 1] = "0"
      } else {
        arguments += ["--port", "0"]
      }
    }
    for (index, argument) in arguments.enumerated() where index > 0 && arguments[index - 1] == "--server" {
      if argument.hasPrefix("http://127.0.0.1:"), argument != "http://127.0.0.1:1" {
        arguments[index] = try localServer()
      }
    }
    return arguments
  }

  /// The demo server that stands for a documented `--server http://127.0.0.1:<port>`.
  private func localServer() throws -> String {
    if let server, server.configuration.token == serverToken, let url = server.baseURL { return url.absoluteString }
    server?.shutdown()
    let started = HollowServer(configuration: ServerConfiguration(seed: 1, token: serverToken))
    let port = try started.start()
    server = started
    return "http://127.0.0.1:\(port)"
  }

  private func resolve(_ path: String) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
  }

  /// Runs `text` with `sh` in the document's folder, its standard input empty. Through hollow-cli's
  /// `ChildProcess` (`posix_spawn`), not Foundation's `Process`, whose `run()` on Linux sometimes reads past a
  /// buffer while it lists `/proc/self/fd` and takes the whole test process down (swift-corelibs-foundation,
  /// fixed by its pull request 5472).
  private func shell(_ text: String) async throws -> Outcome {
    // Beside the document's folder, not in it: an example may list its folder.
    let outputs = CLIHarness.temporaryFolder()
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdout = outputs.appendingPathComponent("stdout")
    let stderr = outputs.appendingPathComponent("stderr")
    let child = try ChildProcess.start(
      "/bin/sh",
      arguments: [
        "-c", "cd \"$1\" || exit 125\nexec </dev/null >\"$2\" 2>\"$3\"\n" + text, "sh", folder.path, stdout.path,
        stderr.path,
      ])
    let status = await child.exitStatus()
    return Outcome(
      status: status, stdout: (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
  }
}
