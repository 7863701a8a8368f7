import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// Where the reader starts: the command line's `--page` and `--comments` are honoured, the
/// print-only `--pages` and `--as-ready` are refused with a sentence, never ignored (issue 23, 5).
@Suite struct ReaderLaunchTests {
  private func launch(_ arguments: [String]) throws -> ReaderLaunch? {
    let environment = {
      var environment = CLIEnvironment(
        stdout: CapturedOutput(), stderr: CapturedOutput(), variables: [:], stdoutIsTerminal: true, now: Date())
      environment.opensReader = true
      return environment
    }()
    return try ReaderLaunch.decide(HollowCommandLine.parser.parse(arguments), environment: environment)
  }

  @Test func pageOpensTheFeedThere() throws {
    #expect(try launch(["timeline", "--page", "3"])?.start == .feed(.timeline, page: 3))
    #expect(try launch(["attentions", "--page", "2"])?.start == .feed(.followed, page: 2))
    #expect(try launch(["timeline"])?.start == .feed(.timeline, page: 1))
    #expect(try launch(["wander"])?.start == .feed(.wander, page: 1))
  }

  @Test func searchKeepsItsCommentsFlagAndPage() throws {
    #expect(try launch(["search", "食堂", "猫"])?.start == .search("食堂 猫", includeComments: false, page: 1))
    #expect(
      try launch(["search", "食堂", "--comments", "--page", "2"])?.start
        == .search("食堂", includeComments: true, page: 2))
  }

  @Test func printOnlyFlagsAreRefusedWithASentence() throws {
    #expect(throws: UsageError.self) { try launch(["timeline", "--pages", "2"]) }
    do {
      _ = try launch(["timeline", "--pages", "2"])
    } catch let error as UsageError {
      #expect(error.message.contains("--pages is for printing"))
      #expect(error.message.contains("--plain"))
    }
    do {
      _ = try launch(["timeline", "--as-ready"])
      Issue.record("--as-ready was not refused")
    } catch let error as UsageError {
      #expect(error.message.contains("--as-ready is for printing"))
    }
    // Printing keeps them.
    #expect(try launch(["timeline", "--pages", "2", "--plain"]) == nil)
  }

  @Test func theHelpSaysWhatTheReaderDoesWithEachFlag() {
    let help = HelpText.command(TimelineCommand.spec, path: "timeline", globalOptions: CommandTable.globalOptions)
    #expect(help.contains("the reader opens there"))
    #expect(help.contains("printing only: the reader refuses it"))
    #expect(help.contains("not in page order; printing only"))
  }
}
