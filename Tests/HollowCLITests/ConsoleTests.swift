import Foundation
import Synchronization
import Testing

@testable import HollowCLI

/// The progress line never mixes with output: drawn only when stdout and stderr are terminals,
/// and erased before anything else is written to either.
@Suite struct ConsoleTests {
  private func console(stdout: Bool = true, stderr: Bool = true, secrets: [String?] = [])
    -> (Console, CapturedOutput, CapturedOutput, Transcript)
  {
    let transcript = Transcript()
    let out = CapturedOutput()
    let err = CapturedOutput()
    let environment = CLIEnvironment(
      stdout: Recording(out, transcript, "out"), stderr: Recording(err, transcript, "err"), variables: [:],
      stdoutIsTerminal: stdout, stderrIsTerminal: stderr, now: Date())
    let console = Console(
      environment: environment, showsProgress: Console.canShowProgress(in: environment), secrets: secrets)
    return (console, out, err, transcript)
  }

  @Test func progressOnlyWhenBothStreamsAreTerminals() {
    for (stdout, stderr, shows) in [
      (true, true, true), (false, true, false), (true, false, false), (false, false, false),
    ] {
      let (console, _, err, _) = console(stdout: stdout, stderr: stderr)
      console.showProgress("loading page 1/1…")
      console.clearProgress()
      #expect(err.text.isEmpty == !shows, "stdout \(stdout), stderr \(stderr)")
    }
  }

  @Test func theProgressLineIsErasedBeforeAnyOutput() {
    let (console, _, _, transcript) = console()
    console.showProgress("loading page 1/2…")
    console.write("#1\n")
    console.showProgress("loading page 2/2…")
    console.writeError("note\n")
    console.showProgress("loading quotes…")
    console.clearProgress()
    console.clearProgress()
    #expect(
      transcript.entries == [
        "err:\r\u{1B}[2Kloading page 1/2…", "err:\r\u{1B}[2K", "out:#1\n", "err:\r\u{1B}[2Kloading page 2/2…",
        "err:\r\u{1B}[2K", "err:note\n", "err:\r\u{1B}[2Kloading quotes…", "err:\r\u{1B}[2K",
      ])
  }

  @Test func nothingIsErasedWhenNothingWasDrawn() {
    let (console, out, err, _) = console()
    console.write("a\n")
    console.clearProgress()
    #expect(out.text == "a\n")
    #expect(err.text.isEmpty)
  }

  @Test func stderrIsSanitizedAndRedacted() {
    let (console, out, err, _) = console(secrets: ["tok-123", nil])
    console.writeError(message: "hollow-cli: server says tok-\u{1B}[0m123 \u{1B}]52;c;eA==\u{07}\nbye\n")
    #expect(err.text == "hollow-cli: server says <token> \u{FFFD}\nbye\n")
    console.showProgress("loading tok-123")
    #expect(!err.text.contains("tok-123"))
    console.write("stdout is not redacted: tok-123\n")
    #expect(out.text == "stdout is not redacted: tok-123\n")
  }
}

/// The order of writes to both streams.
private final class Transcript: Sendable {
  private let log = Mutex<[String]>([])
  var entries: [String] { log.withLock { $0 } }
  func add(_ entry: String) { log.withLock { $0.append(entry) } }
}

private struct Recording: TextOutput {
  let base: CapturedOutput
  let transcript: Transcript
  let name: String

  init(_ base: CapturedOutput, _ transcript: Transcript, _ name: String) {
    self.base = base
    self.transcript = transcript
    self.name = name
  }

  func write(_ text: TerminalText) {
    transcript.add("\(name):\(text.text)")
    base.write(text)
  }
}
