import Foundation
import Testing

@testable import HollowCLI

/// Every example of `--help`, README.md and Docs/CLI.md, run in order against the demo data (the
/// embedded demo server, or a demo server started for a documented `--server`), each document in
/// its own temporary folders: it exits as documented and prints the output it shows.
@Suite struct DocumentedExampleTests {
  /// The package's root folder.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static func markdown(_ path: String) throws -> [DocumentedExample] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return DocumentedExample.all(inMarkdown: text, file: path)
  }

  private static func run(_ examples: [DocumentedExample], in runner: ExampleRunner) async throws {
    for example in examples {
      let outcome = try await runner.run(example.line)
      var printed = (outcome.stdout + outcome.stderr).components(separatedBy: "\n")
      if printed.last == "" { printed.removeLast() }
      #expect(outcome.status == example.status, "\(example)\n\(outcome.stdout)\(outcome.stderr)")
      var expected = example
      expected.output = example.output.map(withoutTimingDependentCounts)
      #expect(
        expected.isShown(by: withoutTimingDependentCounts(printed)),
        """
        \(example)
        documented:
        \((example.output ?? []).joined(separator: "\n"))
        printed:
        \(printed.joined(separator: "\n"))
        """)
    }
  }

  /// `lines` with the numbers of `cache stats`' hits and misses left out: when two posts of one run
  /// cite the same post, the second either joins the load in flight (counted as neither) or reads
  /// what it stored (a hit), depending on which gets there first.
  private static func withoutTimingDependentCounts(_ lines: [String]) -> [String] {
    lines.map { line in
      line.hasPrefix("hits ") || line.hasPrefix("misses ") ? String(line.prefix { !$0.isNumber }) : line
    }
  }

  @Test func everyHelpExampleWorks() async throws {
    var examples: [DocumentedExample] = []
    for spec in CommandTable.commands {
      for (path, command) in [(spec.name, spec)] + spec.subcommands.map({ ("\(spec.name) \($0.name)", $0) }) {
        let help = await CLIHarness.run(path.split(separator: " ").map(String.init) + ["--help"])
        #expect(help.status == 0)
        let shown = DocumentedExample.all(inHelp: help.stdout, source: "\(path) --help")
        #expect(shown.map(\.line.text) == command.examples.map { "hollow-cli \($0)" })
        examples += shown
      }
    }
    // Every command shows at least one example, and they are all run.
    #expect(examples.count >= CommandTable.commands.count)
    #expect(Set(examples.map { $0.source.split(separator: " ")[0] }).count == CommandTable.commands.count)
    let runner = try ExampleRunner()
    try Data("今天食堂的饺子不错\n".utf8).write(to: runner.folder.appendingPathComponent("post.txt"))
    try await Self.run(examples, in: runner)
  }

  @Test func everyReadmeExampleWorks() async throws {
    let examples = try Self.markdown("README.md")
    #expect(examples.map(\.line.text).contains("swift run hollow-cli timeline"))
    #expect(examples.map(\.line.text).contains("swift run hollow-cli post 40354"))
    try await Self.run(examples, in: ExampleRunner())
  }

  @Test func everyCLIDocumentExampleWorksAndPrintsWhatItShows() async throws {
    let examples = try Self.markdown("Docs/CLI.md")
    #expect(examples.count >= 40)
    #expect(examples.filter { $0.output != nil }.count >= 35)
    try await Self.run(examples, in: ExampleRunner())
  }

  @Test func examplesAreFoundAsTheDocumentsWriteThem() {
    let text = """
      Try `swift run hollow-cli
      post 40354` or `hollow-cli`; `--json`.

      ```console
      $ hollow-cli post abc
      hollow-cli: PID must be a number
      (exit status 2)
      $ hollow-cli serve
      serving
      ^C stopping
      ```
      ```sh
      # a comment
      swift run hollow-cli timeline
      swift test
      ```
      """
    let examples = DocumentedExample.all(inMarkdown: text, file: "x.md")
    #expect(
      examples.map(\.line.text) == [
        "hollow-cli post abc", "hollow-cli serve", "swift run hollow-cli timeline", "swift run hollow-cli post 40354",
      ])
    #expect(examples.map(\.status) == [2, 0, 0, 0])
    #expect(examples[0].output == ["hollow-cli: PID must be a number"])
    #expect(examples[1].output == ["serving", "stopping"])
    #expect(examples[2].output == nil)
    #expect(examples[3].source == "x.md:1")
  }

  @Test func anEllipsisLineStandsForAnyRunOfLines() {
    let example = DocumentedExample(source: "", line: ShellLine("hollow-cli timeline"), output: ["a", "…", "z"])
    #expect(example.isShown(by: ["a", "z"]))
    #expect(example.isShown(by: ["a", "b", "c", "z"]))
    #expect(!example.isShown(by: ["a", "b"]))
    #expect(!example.isShown(by: ["a", "z", "y"]))
    #expect(!example.isShown(by: ["b", "z"]))
  }
}
