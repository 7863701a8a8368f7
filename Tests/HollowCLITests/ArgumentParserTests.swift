import Testing

@testable import HollowCLI

/// The parser's own rules, on a small table that also has a command group (as `cache` will).
@Suite struct ArgumentParserTests {
  private let parser = ArgumentParser(
    commands: [
      CommandSpec(
        "show", summary: "show",
        positionals: [PositionalSpec("ID", help: ""), PositionalSpec("MORE", .optional, help: "")],
        options: [OptionSpec("token", value: "T", help: ""), OptionSpec("all", short: "a", help: "")]
      ) { _ throws(UsageError) in WanderCommand() },
      CommandSpec(
        "cache", summary: "cache",
        subcommands: [
          CommandSpec("clear", summary: "clear", options: [OptionSpec("older-than", value: "DAYS", help: "")]) {
            _ throws(UsageError) in MessagesCommand()
          }
        ]),
    ],
    globalOptions: [
      OptionSpec("json", help: ""), OptionSpec("token", value: "T", help: ""), OptionSpec("help", short: "h", help: ""),
      OptionSpec("cache-dir", value: "DIR", help: ""),
    ])

  @Test func globalOptionsGoAnywhere() throws {
    let result = try parser.parse(["--json", "show", "1", "--cache-dir", "/tmp/x"])
    #expect(result.global.flag("json"))
    #expect(result.global.value("cache-dir") == "/tmp/x")
    #expect(result.path == ["show"])
    #expect(result.arguments.positional("ID") == "1")
    #expect(result.arguments.positional("MORE") == nil)
  }

  @Test func aCommandOptionWinsOverAGlobalOneOfTheSameName() throws {
    let before = try parser.parse(["--token", "g", "show", "1", "--token", "c"])
    #expect(before.global.value("token") == "g")
    #expect(before.arguments.value("token") == "c")
  }

  @Test func shortFlagsAndOptionalPositionals() throws {
    let result = try parser.parse(["show", "-a", "1", "2"])
    #expect(result.arguments.flag("all"))
    #expect(result.arguments.positional("MORE") == "2")
  }

  @Test func negativeNumbersArePositionals() throws {
    #expect(try parser.parse(["show", "-5"]).arguments.positional("ID") == "-5")
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try parser.parse(["show", "--", "--json"]).arguments.positional("ID") == "--json")
  }

  @Test func subcommandsAreDescendedInto() throws {
    let result = try parser.parse(["cache", "clear", "--older-than", "3"])
    #expect(result.path == ["cache", "clear"])
    #expect(result.arguments.command == "cache clear")
    #expect(result.arguments.value("older-than") == "3")
  }

  @Test func aGroupWithoutSubcommandIsAnError() {
    #expect(throws: UsageError("missing subcommand (one of: clear)", command: "cache")) {
      try parser.parse(["cache"])
    }
    #expect(throws: UsageError("unknown subcommand 'purge'", command: "cache")) {
      try parser.parse(["cache", "purge"])
    }
  }

  @Test func helpSkipsPositionalChecks() throws {
    let result = try parser.parse(["show", "-h"])
    #expect(result.global.flag("help"))
    #expect(result.spec?.name == "show")
  }

  @Test func errors() {
    #expect(throws: UsageError("unknown command 'nope'")) { try parser.parse(["nope"]) }
    #expect(throws: UsageError("unknown option '--nope'", command: "show")) {
      try parser.parse(["show", "1", "--nope"])
    }
    #expect(throws: UsageError("unknown option '-abc'", command: "show")) { try parser.parse(["show", "1", "-abc"]) }
    #expect(throws: UsageError("missing ID", command: "show")) { try parser.parse(["show"]) }
    #expect(throws: UsageError("unexpected argument '3'", command: "show")) {
      try parser.parse(["show", "1", "2", "3"])
    }
    #expect(throws: UsageError("--all takes no value", command: "show")) {
      try parser.parse(["show", "1", "--all=yes"])
    }
    #expect(throws: UsageError("--token needs a value (T)", command: "show")) {
      try parser.parse(["show", "1", "--token"])
    }
  }

  @Test func theHintNamesTheCommandPath() {
    #expect(UsageError("x", command: "cache clear").description == "hollow-cli: x\nsee 'hollow-cli cache clear --help'")
    #expect(UsageError("x").description == "hollow-cli: x\nsee 'hollow-cli --help'")
  }
}
