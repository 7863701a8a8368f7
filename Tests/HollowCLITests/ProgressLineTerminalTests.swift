import Foundation
import Testing

@testable import HollowCLI

/// The built `hollow-cli` under a pseudo-terminal: the progress line shows only when stdout and
/// stderr are both the terminal, and is erased before every output line and at the end.
@Suite struct ProgressLineTerminalTests {
  private func run(_ arguments: [String], stdoutIsTerminal: Bool) async throws -> PseudoTerminal.Run {
    try await CLIHarness.runBuilt(arguments, stdoutIsTerminal: stdoutIsTerminal)
  }

  @Test func pipedOutputNeverCarriesTheProgressLine() async throws {
    // `hollow-cli timeline | head -3` on a terminal: stdout is the pipe, stderr the terminal.
    for arguments in [["timeline", "--pages", "2"], ["post", "40354"], ["wander"]] {
      let run = try await run(arguments, stdoutIsTerminal: false)
      #expect(run.status == 0, "\(arguments): \(run.terminal)")
      #expect(!run.pipe.isEmpty)
      #expect(!run.pipe.contains("loading"), "\(arguments)")
      #expect(!run.pipe.contains("\u{1B}"), "\(arguments)")
      // Nor is it drawn on the terminal, between the lines the reader of the pipe prints there.
      #expect(!run.terminal.contains("loading"), "\(arguments): \(run.terminal.debugDescription)")
      #expect(run.terminal.isEmpty, "\(arguments): \(run.terminal.debugDescription)")
    }
  }

  @Test(arguments: [
    (["timeline", "--pages", "2"], "timeline page 1-2", Int32(0)),
    (["post", "40354"], "Random thought: 早八起不来…", 0),
    // An error line is output too: the progress line goes before it.
    (["post", "1"], "hollow-cli: post/detail failed: no such post", 1),
  ])
  func onATerminalTheProgressLineIsErasedBeforeEveryOutputLine(arguments: [String], printed: String, status: Int32)
    async throws
  {
    let run = try await run(arguments, stdoutIsTerminal: true)
    #expect(run.status == status, "\(run.terminal)")
    let erase = "\r\u{1B}[2K"
    let segments = run.terminal.components(separatedBy: erase)
    // Every progress line starts with an erase, so none is in the first segment.
    #expect(!segments[0].contains("loading"))
    var drawn = 0
    for (index, segment) in segments.enumerated().dropFirst() where segment.hasPrefix("loading") {
      drawn += 1
      // Only the progress text: every output line ends with a newline, so none was appended to it
      // (`loading page 1/1… 1/30 posts…#40320 …`), and it is erased afterwards.
      #expect(!segment.contains("\n"), "output after a progress line: \(segment.debugDescription)")
      #expect(index < segments.count - 1, "the last progress line was never erased")
    }
    #expect(drawn > 0, "no progress line was drawn: \(run.terminal.debugDescription)")
    // The terminal is left with no progress line on it.
    #expect(segments.last?.hasPrefix("loading") == false)
    #expect(run.terminal.contains(printed), "\(run.terminal.debugDescription)")
  }
}
