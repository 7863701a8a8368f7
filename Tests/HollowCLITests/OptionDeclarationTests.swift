import Testing

@testable import HollowCLI

/// Options declared once, typed (`@Option`, `@Flag`): the parser row, the help, the completions, the
/// config keys and the redaction all come from the declarations.
@Suite struct OptionDeclarationTests {
  @Test func aCommandsRowListsItsDeclaredOptionsInOrder() {
    #expect(TimelineCommand.spec.options.map(\.name) == ["page", "pages", "as-ready"])
    #expect(SendCommand.spec.options.map(\.name) == ["edit", "image", "vote", "tag"])
    #expect(SendCommand.spec.options.first { $0.name == "vote" }?.repeatable == true)
    #expect(CommentCommand.spec.options.map(\.name) == ["reply-to", "edit"])
    #expect(PostCommand.spec.options.map(\.valueName) == ["DIR"])
  }

  @Test func everyDeclaredOptionIsReadFromTheCommandLine() throws {
    let cases: [([String], any HollowCommand)] = [
      (["timeline", "--page", "3", "--pages", "2", "--as-ready"], TimelineCommand(page: 3, pages: 2, asReady: true)),
      (["search", "猫", "--page", "2", "--comments"], SearchCommand(keywords: ["猫"], page: 2, includeComments: true)),
      (["attentions", "--page", "4"], AttentionsCommand(page: 4)),
      (["post", "7", "--save-images", "d"], PostCommand(pid: 7, saveImages: "d")),
      (
        ["send", "x", "--image", "a.png", "--vote", "面", "--vote", "饭", "--tag", "t"],
        SendCommand(text: "x", imagePath: "a.png", voteOptions: ["面", "饭"], tag: "t")
      ),
      (["comment", "7", "--edit", "--reply-to", "#9"], CommentCommand(pid: 7, text: .editor(draft: ""), replyTo: 9)),
      (["export", "f", "--with-images"], ExportCommand(path: "f", withImages: true)),
      (["import", "f", "--force"], ImportCommand(path: "f", force: true)),
    ]
    for (arguments, expected) in cases {
      let parsed = try HollowCommandLine.parser.parse(arguments)
      let build = try #require(parsed.spec?.build)
      let command = try build(parsed.arguments)
      #expect(String(describing: command) == String(describing: expected), "\(arguments)")
    }
  }

  @Test func aTypedOptionChecksItsValue() throws {
    let parsed = try HollowCommandLine.parser.parse(["timeline", "--page", "150", "--pages", "2"])
    #expect(throws: UsageError("--pages must be 1...1, not 2", command: "timeline")) {
      _ = try TimelineCommand(parsing: parsed.arguments)
    }
    let empty = try HollowCommandLine.parser.parse(["post", "1", "--save-images", ""])
    #expect(throws: UsageError("--save-images needs a folder, not ''", command: "post")) {
      _ = try PostCommand(parsing: empty.arguments)
    }
  }

  @Test func copiesOfACommandKeepTheirOwnValues() {
    let original = TimelineCommand(page: 2)
    var copy = original
    copy.page = 3
    copy.asReady = true
    #expect(original.page == 2 && !original.asReady)
    #expect(copy.page == 3 && copy.asReady)
    #expect(original != copy)
  }

  @Test func secretsConfigKeysAndTheTableComeFromTheDeclarations() {
    #expect(HollowCommandLine.secretOptions == ["token"])
    #expect(
      HollowCommandLine.tokensGiven(in: ["--token=a", "serve", "--token", "b", "--tokenish", "c", "--token"]) == [
        "a", "b",
      ])
    #expect(UserConfiguration.schema[""]?.isSuperset(of: ["server", "token", "image_base"]) == true)
    #expect(CommandTable.globalOptions.filter(\.secret).map(\.name) == ["token"])
  }

  @Test func globalOptionsAreAcceptedBeforeAndAfterTheCommand() throws {
    let before = try HollowCommandLine.parser.parse(["--plain", "--json", "timeline", "--page", "2"])
    let after = try HollowCommandLine.parser.parse(["timeline", "--page", "2", "--plain", "--json"])
    #expect(before.global.flag(GlobalOption.plain) && after.global.flag(GlobalOption.plain))
    #expect(before.global.options == after.global.options)
    #expect(before.arguments == after.arguments)
  }
}
