import HollowServer
import Testing

@testable import HollowCLI

/// Every command and flag of the real table, parsed into typed commands; bad input exits 2.
@Suite struct CommandTableTests {
  private func command(_ arguments: [String]) throws -> any HollowCommand {
    let parsed = try HollowCommandLine.parser.parse(arguments)
    let build = try #require(parsed.spec?.build)
    return try build(parsed.arguments)
  }

  private func usageError(_ arguments: [String]) -> UsageError? {
    do {
      _ = try command(arguments)
      return nil
    } catch let error as UsageError {
      return error
    } catch {
      return nil
    }
  }

  @Test func timeline() throws {
    #expect(try command(["timeline"]) == TimelineCommand(page: 1, pages: 1))
    #expect(try command(["timeline", "--page", "3", "--pages", "2"]) == TimelineCommand(page: 3, pages: 2))
    #expect(try command(["timeline", "--pages=4", "--page=2"]) == TimelineCommand(page: 2, pages: 4))
    #expect(usageError(["timeline", "--page", "151"])?.message == "--page must be 1...150, not 151")
    #expect(usageError(["timeline", "--page", "150", "--pages", "2"])?.message == "--pages must be 1...1, not 2")
    #expect(usageError(["timeline", "extra"])?.message == "unexpected argument 'extra'")
  }

  @Test func wanderAndMessagesTakeNoArguments() throws {
    #expect(try command(["wander"]) == WanderCommand())
    #expect(try command(["messages"]) == MessagesCommand())
    #expect(usageError(["wander", "--page", "2"])?.message == "unknown option '--page'")
  }

  @Test func postFollowUnfollow() throws {
    #expect(try command(["post", "40319"]) == PostCommand(pid: 40319))
    #expect(try command(["follow", "7"]) == FollowCommand(pid: 7))
    #expect(try command(["unfollow", "7"]) == UnfollowCommand(pid: 7))
    #expect(usageError(["post"])?.message == "missing PID (quote a # in the shell, '#40354', or leave it out: 40354)")
    #expect(usageError(["post", "x"])?.message == "PID must be a number, not 'x'")
    #expect(usageError(["post", "##12"])?.message == "PID must be a number, not '##12'")
    #expect(usageError(["post", "#"])?.message == "PID must be a number, not '#'")
    #expect(usageError(["post", "#0"])?.message == "PID must be at least 1, not 0")
    #expect(usageError(["follow", "0"])?.message == "PID must be at least 1, not 0")
    #expect(usageError(["unfollow", "99999999999999999999"])?.message.hasPrefix("PID must be a number") == true)
  }

  @Test func search() throws {
    #expect(
      try command(["search", "猫", "dog"]) == SearchCommand(keywords: ["猫", "dog"], page: 1, includeComments: false))
    #expect(
      try command(["search", "猫 狗", "--comments", "--page", "2"])
        == SearchCommand(keywords: ["猫", "狗"], page: 2, includeComments: true))
    #expect(usageError(["search"])?.message == "missing KEYWORDS")
    #expect(usageError(["search", " "])?.message == "missing KEYWORDS")
    #expect(usageError(["search", "x", "--page", "101"])?.message == "--page must be 1...100, not 101")
  }

  @Test func attentions() throws {
    #expect(try command(["attentions"]) == AttentionsCommand(page: 1))
    #expect(try command(["attentions", "--page", "2"]) == AttentionsCommand(page: 2))
  }

  @Test func pidsMayBeWrittenAsTheyArePrinted() throws {
    #expect(try command(["post", "#40354"]) == PostCommand(pid: 40354))
    #expect(try command(["follow", "#7"]) == FollowCommand(pid: 7))
    #expect(try command(["unfollow", "#7"]) == UnfollowCommand(pid: 7))
    #expect(try command(["vote", "#5", "面"]) == VoteCommand(pid: 5, option: "面"))
    #expect(
      try command(["comment", "#5", "同意", "--reply-to", "#1000418"])
        == CommentCommand(pid: 5, text: "同意", replyTo: 1_000_418))
  }

  @Test func textWordsAreJoinedOrComeFromStdinOrTheEditor() throws {
    #expect(try command(["send", "hello", "world"]) == SendCommand(text: "hello world"))
    #expect(try command(["send", "-"]) == SendCommand(text: .standardInput(explicit: true)))
    #expect(try command(["send"]) == SendCommand(text: .standardInput(explicit: false)))
    #expect(try command(["send", "--edit"]) == SendCommand(text: .editor(draft: "")))
    #expect(try command(["send", "a", "draft", "--edit"]) == SendCommand(text: .editor(draft: "a draft")))
    #expect(try command(["comment", "5", "so", "true"]) == CommentCommand(pid: 5, text: "so true", replyTo: nil))
    #expect(
      try command(["comment", "5"]) == CommentCommand(pid: 5, text: .standardInput(explicit: false), replyTo: nil))
    #expect(try command(["comment", "5", "--edit"]) == CommentCommand(pid: 5, text: .editor(draft: ""), replyTo: nil))
  }

  @Test func send() throws {
    #expect(try command(["send", "hi"]) == SendCommand(text: "hi"))
    #expect(
      try command(["send", "吃什么", "--vote", "面", "--vote", "饭", "--tag", "刷屏", "--image", "a.png"])
        == SendCommand(text: "吃什么", imagePath: "a.png", voteOptions: ["面", "饭"], tag: "刷屏"))
    #expect(try command(["send", "--", "-not an option"]) == SendCommand(text: "-not an option"))
    #expect(usageError(["send", "a", "--tag", "x", "--tag", "y"])?.message == "--tag is given more than once")
    #expect(usageError(["send", "a", "--vote"])?.message == "--vote needs a value (OPTION)")
  }

  @Test func comment() throws {
    #expect(try command(["comment", "5", "同意"]) == CommentCommand(pid: 5, text: "同意", replyTo: nil))
    #expect(try command(["comment", "5", "no", "--reply-to", "9"]) == CommentCommand(pid: 5, text: "no", replyTo: 9))
    #expect(usageError(["comment"])?.message.hasPrefix("missing PID") == true)
    #expect(usageError(["comment", "5", "x", "--reply-to", "-1"])?.message == "--reply-to must be at least 1, not -1")
    #expect(usageError(["comment", "5", "x", "--reply-to", "y"])?.message == "--reply-to must be a number, not 'y'")
  }

  @Test func vote() throws {
    #expect(try command(["vote", "5", "面"]) == VoteCommand(pid: 5, option: "面"))
    #expect(usageError(["vote", "5"])?.message == "missing OPTION")
  }

  @Test func serve() throws {
    #expect(try command(["serve"]) == ServeCommand(ServeOptions()))
    let options = ServeOptions(port: 0, seed: 9, latency: .fixed(.milliseconds(50)), failRate: 0.25, token: "t")
    #expect(
      try command(["serve", "--port", "0", "--seed", "9", "--latency", "50", "--fail-rate", "0.25", "--token", "t"])
        == ServeCommand(options))
    #expect(
      try command(["serve", "--latency", "20-200"])
        == ServeCommand(ServeOptions(latency: .random(.milliseconds(20)...(.milliseconds(200))))))
    #expect(try command(["serve", "--latency", "0"]) == ServeCommand(ServeOptions(latency: .none)))
    #expect(
      try command(["serve", "--token", "t", "--anonymous", "--no-rate-limits", "--timestamp-offsets"])
        == ServeCommand(ServeOptions(token: "t", allowsAnonymous: true, rateLimits: false, timestampOffsets: true)))
    #expect(usageError(["serve", "--port", "70000"])?.message == "--port must be 0...65535, not 70000")
    #expect(usageError(["serve", "--seed", "-1"])?.message == "--seed must be a whole number ≥ 0, not '-1'")
    #expect(usageError(["serve", "--latency", "1-2-3"])?.message == "--latency must be MS or MIN-MAX, not '1-2-3'")
    #expect(usageError(["serve", "--latency", "9-3"])?.message == "--latency MIN must not exceed MAX, got 9-3")
    #expect(usageError(["serve", "--fail-rate", "nan"])?.message == "--fail-rate must be a number, not 'nan'")
    #expect(usageError(["serve", "--fail-rate", "1.5"])?.message == "--fail-rate must be 0.0...1.0, not 1.5")
  }

  @Test func serveOptionsDescribeTheServer() {
    let configuration = ServeOptions(port: 0, seed: 3, failRate: 0.5, token: "t").configuration
    #expect(configuration.seed == 3)
    #expect(configuration.port == 0)
    #expect(configuration.token == "t")
    #expect(configuration.failures.rate == 0.5)
    #expect(ServeOptions().configuration.failures == .none)
    // The real backend's rate limits are on unless --no-rate-limits; unregistered reading only with --anonymous.
    #expect(ServeOptions().configuration.enforcesRateLimits && !ServeOptions().configuration.allowsAnonymousAccess)
    let relaxed = ServeOptions(allowsAnonymous: true, rateLimits: false, timestampOffsets: true).configuration
    #expect(!relaxed.enforcesRateLimits && relaxed.allowsAnonymousAccess && relaxed.offsetsTimestamps)
  }

  @Test func errorsNameTheCommandForHelp() {
    #expect(usageError(["search", "x", "--bogus"])?.hint == "see 'hollow-cli search --help'")
  }

  @Test func everyCommandHasHelpAndExamples() {
    for spec in CommandTable.commands {
      let help = HelpText.command(spec, path: spec.name, globalOptions: CommandTable.globalOptions)
      #expect(help.hasPrefix("usage: hollow-cli \(spec.name)"))
      #expect(!spec.examples.isEmpty, "\(spec.name) has no example")
      for option in spec.options {
        #expect(help.contains("--\(option.name)"), "\(spec.name) help lacks --\(option.name)")
      }
    }
  }

  /// The reader's commands say so right after `usage:`, and only they; the top level too.
  @Test func theHelpOfTheReadersCommandsSaysTheyOpenItAndThatQuestionMarkListsKeys() throws {
    let readers = Set(CommandTable.commands.filter(\.opensReader).map(\.name))
    #expect(readers == ["timeline", "wander", "attentions", "search"])
    for spec in CommandTable.commands {
      let lines = HelpText.command(spec, path: spec.name, globalOptions: CommandTable.globalOptions)
        .split(separator: "\n", omittingEmptySubsequences: false)
      let says = lines[1].contains("opens the full-screen reader") && lines[1].contains("? lists its keys")
      #expect(says == readers.contains(spec.name), "\(spec.name): \(lines[1])")
      // ReaderLaunch opens the reader for exactly these commands.
      var arguments = ParsedArguments(command: spec.name)
      arguments.positionals = ["KEYWORDS": ["x"]]
      if let build = spec.build, let command = try? build(arguments) {
        let opens =
          command is TimelineCommand || command is WanderCommand || command is AttentionsCommand
          || command is SearchCommand
        #expect(opens == spec.opensReader, "\(spec.name)")
      }
    }
    let overview = HelpText.overview(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
      .split(separator: "\n")
    #expect(overview[1].hasPrefix("usage: "))
    #expect(overview[2].contains("no command") && overview[2].contains("opens the full-screen reader"))
    #expect(overview[3].contains("? there lists its keys"))
  }
}

/// A parsed command equals a typed one when it is that command with those arguments.
private func == <Expected: HollowCommand & Equatable>(parsed: any HollowCommand, expected: Expected) -> Bool {
  (parsed as? Expected) == expected
}
