import Foundation
import Testing

@testable import HollowCLI

/// `completions` and `man`, generated from the command table: the scripts parse in their shell
/// and complete what the table declares; the page renders with `man -l` without a warning and
/// names every command and option.
@Suite(.timeLimit(.minutes(1))) struct CompletionAndManPageTests {
  private static func script(_ shell: CompletionScript.Shell) -> String {
    CompletionScript.script(for: shell, commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
  }

  /// Runs `/bin/sh -c command` with `input` on stdin, in a small fixed environment; answers the status and
  /// stdout + stderr. Through hollow-cli's `ChildProcess` (`posix_spawn`), not Foundation's `Process`, whose
  /// `run()` on Linux sometimes reads past a buffer while it lists `/proc/self/fd` and takes the whole test
  /// process down with SIGSEGV (swift-corelibs-foundation, fixed by its pull request 5472).
  private static func shell(_ command: String, input: String = "") async throws -> (status: Int32, output: String) {
    let folder = CLIHarness.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputFile = folder.appendingPathComponent("input")
    let outputFile = folder.appendingPathComponent("output")
    try Data(input.utf8).write(to: inputFile)
    let child = try ChildProcess.start(
      "/usr/bin/env",
      arguments: [
        "-i", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "MANWIDTH=80", "/bin/sh", "-c",
        "exec <\"$1\" >\"$2\" 2>&1\n" + command, "sh", inputFile.path, outputFile.path,
      ])
    let status = await child.exitStatus()
    return (status, try String(contentsOf: outputFile, encoding: .utf8))
  }

  private static func has(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
      || FileManager.default.isExecutableFile(atPath: "/bin/\(program)")
  }

  @Test func theBashScriptPassesBashNAndCompletesCommandsOptionsAndValues() async throws {
    let script = Self.script(.bash)
    let syntax = try await Self.shell("bash -n", input: script)
    #expect(syntax.status == 0, "\(syntax.output)")
    let probe =
      script + """
        t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); _hollow_cli; echo "${COMPREPLY[*]}"; }
        t hollow-cli ti
        t hollow-cli --json cache ''
        t hollow-cli timeline --pa
        t hollow-cli --color ''
        t hollow-cli --server http://x search 食堂 --com
        t hollow-cli completions ''
        t hollow-cli cache clear --no-c

        """
    let run = try await Self.shell("bash", input: probe)
    #expect(
      run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
        "timeline", "stats verify clear path", "--page --pages", "auto always never", "--comments", "bash zsh fish",
        "--no-color --no-cache", "",
      ], "\(run.output)")
  }

  @Test(.enabled(if: has("zsh"), "zsh is not installed")) func theZshScriptParses() async throws {
    let syntax = try await Self.shell("zsh -n", input: Self.script(.zsh))
    #expect(syntax.status == 0, "\(syntax.output)")
  }

  @Test(.enabled(if: has("fish"), "fish is not installed")) func theFishScriptParses() async throws {
    let syntax = try await Self.shell("fish --no-execute", input: Self.script(.fish))
    #expect(syntax.status == 0, "\(syntax.output)")
  }

  @Test func everyScriptNamesEveryCommandAndOption() {
    for shell in CompletionScript.Shell.allCases {
      let script = Self.script(shell)
      for spec in CommandTable.commands {
        #expect(script.contains(spec.name), "\(shell) lacks \(spec.name)")
        for option in spec.options + spec.subcommands.flatMap(\.options) {
          #expect(script.contains(option.name), "\(shell) lacks --\(option.name)")
        }
      }
      for option in CommandTable.globalOptions {
        #expect(script.contains(option.name), "\(shell) lacks --\(option.name)")
      }
    }
  }

  @Test(.enabled(if: has("man"), "man is not installed")) func theManPageRendersWithManLWithoutWarnings() async throws {
    let folder = CLIHarness.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("hollow-cli.1")
    try Data(ManPage.roff(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions).utf8).write(
      to: page)
    let rendered = try await Self.shell("man --warnings -l \(ShellLine.quoted(page.path))")
    #expect(rendered.status == 0)
    #expect(!rendered.output.contains("warning"), "\(rendered.output)")
    #expect(rendered.output.contains("HOLLOW-CLI(1)"))
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "GLOBAL OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
      #expect(rendered.output.contains("\n\(heading)\n"), "no \(heading)")
    }
    for spec in CommandTable.commands {
      #expect(rendered.output.contains("   \(spec.name)"), "no \(spec.name)")
      for option in spec.options { #expect(rendered.output.contains("--\(option.name)"), "no --\(option.name)") }
    }
    for option in CommandTable.globalOptions { #expect(rendered.output.contains("--\(option.name)")) }
  }

  @Test func theCommandsPrintTheScriptsAndThePage() async {
    let bash = await CLIHarness.run(["completions", "bash"])
    #expect(bash.status == 0 && bash.stdout == Self.script(.bash))
    let man = await CLIHarness.run(["man"])
    #expect(man.status == 0 && man.stdout.hasPrefix(".\\\" Generated by `hollow-cli man`"))
    let bad = await CLIHarness.run(["completions", "tcsh"])
    #expect(bad.status == 2 && bad.stderr.contains("SHELL must be bash, zsh or fish, not 'tcsh'"))
  }
}
