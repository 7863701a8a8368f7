import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// Where `send` and `comment` take their text: the words, stdin, or the editor.
@Suite struct TextComposerTests {
  /// The text of the newest post of `url`'s server (what `send` just wrote).
  private func newestText(_ url: String, pid: Int) async throws -> String {
    let run = await CLIHarness.run(["--server", url, "--json", "post", "\(pid)"])
    return try JSONDecoder().decode(PostDetail.self, from: Data(run.stdout.utf8)).post.text
  }

  private func sentPid(_ run: CLIRun) throws -> Int {
    try JSONDecoder().decode(SentPost.self, from: Data(run.stdout.utf8)).pid
  }

  @Test func unquotedWordsAreJoined() async throws {
    try await CLIHarness.withServer { url in
      let sent = await CLIHarness.run(["--server", url, "--json", "send", "hello", "world", "#40120"])
      #expect(sent.status == 0, "\(sent.stderr)")
      let sentPid = try self.sentPid(sent)
      #expect(try await newestText(url, pid: sentPid) == "hello world #40120")
    }
  }

  /// Sends twice within 6 s: the client keeps the window (on the harness's virtual time).
  @Test func aDashOrNoTextReadsStdin() async throws {
    try await CLIHarness.withServer { url in
      let dash = await CLIHarness.run(["--server", url, "--json", "send", "-"], stdin: "第一行\n第二行\n\n")
      #expect(dash.status == 0, "\(dash.stderr)")
      let dashPid = try self.sentPid(dash)
      #expect(try await newestText(url, pid: dashPid) == "第一行\n第二行")
      let piped = await CLIHarness.run(["--server", url, "--json", "send"], stdin: "piped\n")
      let pipedPid = try self.sentPid(piped)
      #expect(try await newestText(url, pid: pipedPid) == "piped")
      let pid = try sentPid(piped)
      let comment = await CLIHarness.run(["--server", url, "comment", "#\(pid)"], stdin: "a comment from stdin\n")
      #expect(comment.status == 0, "\(comment.stderr)")
      let shown = await CLIHarness.run(["--server", url, "post", "\(pid)"])
      #expect(shown.stdout.contains("    a comment from stdin\n"))
    }
  }

  @Test func stdinThatCannotBeATextIsRefusedAndNothingIsSent() async throws {
    try await CLIHarness.withServer { url in
      let cases: [(String?, [String], String)] = [
        (nil, ["send"], "hollow-cli: missing TEXT (give the words, - to read stdin, or --edit)\n"),
        ("\n\n", ["send", "-"], "hollow-cli: the text from stdin is empty; nothing was sent\n"),
        (
          String(repeating: "长", count: 30_000), ["send", "-"],
          "hollow-cli: cannot read the text from stdin: it is longer than 64 KiB (a text has at most 10000 characters)\n"
        ),
        (
          String(repeating: "x", count: 10_001), ["send", "-"],
          "hollow-cli: the text has 10001 characters, at most 10000 are allowed\n"
        ),
      ]
      for (stdin, arguments, message) in cases {
        let run = await CLIHarness.run(["--server", url] + arguments, stdin: stdin)
        #expect(run.status == 2, "\(arguments)")
        #expect(run.stderr == message + "see 'hollow-cli send --help'\n", "\(arguments)")
        #expect(run.stdout.isEmpty)
      }
    }
  }

  @Test func invalidUTF8IsRefused() async throws {
    let environment = CLIEnvironment(
      stdout: CapturedOutput(), stderr: CapturedOutput(), stdin: BytesInput(bytes: [0x66, 0xFF, 0x66]), variables: [:],
      stdinIsTerminal: false, now: Date())
    let composer = TextComposer(environment: environment, command: "send")
    await #expect(throws: CLIFailure.self) { try await composer.text(.standardInput(explicit: true)) }
  }

  /// Sends twice within 6 s: the client keeps the window (on the harness's virtual time).
  @Test func theEditorWritesTheText() async throws {
    try await withEditor(#"printf 'edited\n' >> "$1""#) { variables in
      try await CLIHarness.withServer { url in
        let sent = await CLIHarness.run(
          ["--server", url, "--json", "send", "a", "draft", "--edit"], variables: variables)
        #expect(sent.status == 0, "\(sent.stderr)")
        let sentPid = try self.sentPid(sent)
        #expect(try await newestText(url, pid: sentPid) == "a draft\nedited")
        let visual = await CLIHarness.run(
          ["--server", url, "--json", "send", "--edit"],
          variables: ["VISUAL": variables["EDITOR"] ?? "", "EDITOR": "false"])
        let visualPid = try self.sentPid(visual)
        #expect(try await newestText(url, pid: visualPid) == "edited")
      }
    }
  }

  @Test func anEditorThatFailsOrLeavesNothingSendsNothing() async throws {
    try await CLIHarness.withServer { url in
      let failing = await CLIHarness.run(["--server", url, "send", "--edit"], variables: ["EDITOR": "false"])
      #expect(failing.status == 1)
      #expect(failing.stderr == "hollow-cli: --edit: the editor (false) exited with status 1; nothing was sent\n")
      let empty = await CLIHarness.run(["--server", url, "send", "--edit"], variables: ["EDITOR": "true"])
      #expect(empty.status == 2)
      #expect(empty.stderr.hasPrefix("hollow-cli: the text from the editor is empty; nothing was sent\n"))
      let missing = await CLIHarness.run(
        ["--server", url, "send", "--edit"], variables: ["EDITOR": "/no/such/editor-\(UUID())"])
      #expect(missing.status == 1)
      #expect(missing.stderr.hasPrefix("hollow-cli: --edit: the editor (/no/such/editor-"))
    }
  }

  /// Runs `body` with `EDITOR` set to a shell script whose body is `script` (`$1` is the file).
  private func withEditor(_ script: String, _ body: ([String: String]) async throws -> Void) async throws {
    let file = CLIHarness.temporaryFolder()
    try Data("#!/bin/sh\n\(script)\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    chmod(file.path, 0o755)
    try await body(["EDITOR": file.path])
  }
}

/// Fixed bytes, not necessarily UTF-8.
private struct BytesInput: TextInput {
  let bytes: [UInt8]

  func read(atMost limit: Int) throws(TextInputError) -> [UInt8] {
    bytes
  }
}
