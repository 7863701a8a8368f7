import Foundation
import Testing

@testable import HollowCLI

/// The config file: its TOML subset, every bad line an error with its number, the settings it
/// gives, their precedence (flags, then the environment, then the file), the token's safety.
@Suite struct ConfigFileTests {
  private static let path = "/home/me/.config/hollow/config.toml"

  private func failure(_ text: String) -> String? {
    do {
      _ = try UserConfiguration.parse(text, path: Self.path)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func theSubsetParsesStringsEscapesBooleansNumbersArraysTablesAndComments() throws {
    let text = """
      # a comment
      server = "https://tree.example/api"   # after a value too
      images = false
      theme = 'light'
      default_feed = "wander"
      token = "t\\u00e9\\"x\\\\y"

      [keys]
      down = ["x", "ctrl-n"]
      new-post = "P"
      """
    let config = try UserConfiguration.parse(text, path: Self.path)
    #expect(config.server == UserConfiguration.Setting(value: "https://tree.example/api", line: 2))
    #expect(config.images == false && config.theme == .light && config.defaultFeed == .wander)
    #expect(config.token?.value == "té\"x\\y")
    #expect(config.keys.command(for: .character("x")) == .move(1))
    #expect(config.keys.command(for: .control("n")) == .move(1))
    #expect(config.keys.command(for: .character("P")) == .newPost)
    #expect(try ConfigFile.parse("n = 1_000\n", path: "p").value("n") == .integer(1000))
  }

  @Test func everyBadLineIsAnErrorWithItsLineNumber() {
    let cases: [(String, String)] = [
      ("server = http://x", "config.toml:1: server: 'http://x' is not a value (a string needs quotes)"),
      ("\n\nserver \"x\"", "config.toml:3: expected = after server"),
      (
        "servr = \"x\"",
        "config.toml:1: unknown key servr; known: default_feed, image_base, images, server, theme, token, token_command"
      ),
      ("[colors]", "config.toml:1: unknown table [colors]; known: [keys]"),
      ("server = \"a\"\nserver = \"b\"", "config.toml:2: server is already set on line 1"),
      ("images = \"no\"", "config.toml:1: images must be true or false, not a string"),
      ("theme = \"blue\"", "config.toml:1: theme must be dark or light, not 'blue'"),
      ("default_feed = \"home\"", "config.toml:1: default_feed must be timeline, wander or attentions, not 'home'"),
      ("token = \"a\"\ntoken_command = \"pass\"", "config.toml:2: give token or token_command, not both"),
      ("server = \"open", "config.toml:1: server: the string is not closed (strings are on one line)"),
      ("[keys]\nfly = \"x\"", "config.toml:2: unknown key fly in [keys]"),
      ("[keys]\nquit = \"ctrl-c\"", "config.toml:2: quit: 'ctrl-c' is not a key"),
      ("server = \"x\" trailing", "config.toml:1: unexpected text after the value of server"),
    ]
    for (text, expected) in cases {
      let message = failure(text)
      #expect(
        message?.hasPrefix(Self.path.replacing("config.toml", with: "") + expected) == true,
        "\(text): \(message ?? "no error")")
    }
  }

  @Test func flagsBeatTheEnvironmentWhichBeatsTheFile() throws {
    let config = try UserConfiguration.parse(
      "server = \"http://file.test\"\nimage_base = \"http://file-images.test/\"\ntoken = \"file-token\"\n",
      path: Self.path)
    let parse = { (arguments: [String]) throws -> ParsedArguments in
      try HollowCommandLine.parser.parse(arguments).global
    }
    let fileOnly = try GlobalOptions(try parse(["timeline"]), environment: [:], command: "timeline", config: config)
    #expect(fileOnly.server?.host == "file.test" && fileOnly.token == "file-token")
    #expect(fileOnly.imageBase?.host == "file-images.test")
    #expect(fileOnly.sources["server"] == "server in \(Self.path):1")
    let environment = ["HOLLOW_SERVER": "http://env.test", "HOLLOW_TOKEN": "env-token"]
    let withEnvironment = try GlobalOptions(
      try parse(["timeline"]), environment: environment, command: "timeline", config: config)
    #expect(withEnvironment.server?.host == "env.test" && withEnvironment.token == "env-token")
    #expect(withEnvironment.imageBase?.host == "file-images.test")
    let withFlag = try GlobalOptions(
      try parse(["--server", "http://flag.test", "timeline"]), environment: environment, command: "timeline",
      config: config)
    #expect(withFlag.server?.host == "flag.test" && withFlag.sources["server"] == "--server")
    // A bad URL in the file names the file and the line.
    let bad = try UserConfiguration.parse("\nserver = \"ftp://x\"", path: Self.path)
    #expect(
      throws: UsageError(
        "server in \(Self.path):2 must be an http:// or https:// URL, not 'ftp://x'", command: "timeline")
    ) {
      _ = try GlobalOptions(try parse(["timeline"]), environment: [:], command: "timeline", config: bad)
    }
  }

  @Test func noImagesBeatsTheFilesImages() throws {
    let parse = { (arguments: [String]) throws -> ParsedArguments in
      try HollowCommandLine.parser.parse(arguments).global
    }
    let on = try UserConfiguration.parse("images = true\n", path: Self.path)
    let fromFile = try GlobalOptions(try parse(["timeline"]), environment: [:], command: "timeline", config: on)
    #expect(fromFile.images && fromFile.sources["images"] == Self.path)
    let flag = try GlobalOptions(
      try parse(["--no-images", "timeline"]), environment: [:], command: "timeline", config: on)
    #expect(!flag.images && flag.sources["images"] == "--no-images")
    let neither = try GlobalOptions(try parse(["timeline"]), environment: [:], command: "timeline")
    #expect(neither.images)
  }

  /// A folder with `config.toml` holding `text` (mode `mode`), as XDG_CONFIG_HOME.
  private func withConfig<T>(_ text: String, mode: Int = 0o600, _ body: ([String: String], String) async throws -> T)
    async throws -> T
  {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hollow = folder.appendingPathComponent("hollow")
    try FileManager.default.createDirectory(at: hollow, withIntermediateDirectories: true)
    let file = hollow.appendingPathComponent("config.toml")
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    return try await body(["XDG_CONFIG_HOME": folder.path], file.path)
  }

  @Test func aTokenOthersCanReadIsWarnedAboutAndConfigNeverShowsIt() async throws {
    try await withConfig("token = \"sekrit-token\"\n", mode: 0o644) { variables, path in
      let run = await CLIHarness.run(["config"], variables: variables)
      #expect(run.status == 0)
      #expect(run.stderr.contains("warning: \(path) holds a token and others can read it"))
      #expect(run.stdout.contains("config file: \(path)\n"))
      #expect(run.stdout.contains("token         set, not shown (token in \(path):1)"))
      #expect(!(run.stdout + run.stderr).contains("sekrit"))
      let json = await CLIHarness.run(["--json", "config"], variables: variables)
      #expect(json.status == 0 && !json.stdout.contains("sekrit") && json.stdout.contains("\"file_exists\":true"))
    }
    try await withConfig("token = \"sekrit-token\"\n", mode: 0o600) { variables, _ in
      let run = await CLIHarness.run(["config"], variables: variables)
      #expect(run.status == 0 && !run.stderr.contains("warning"))
    }
  }

  @Test func aFailingTokenCommandIsAClearErrorAndAWorkingOneGivesTheToken() async throws {
    try await withConfig("token_command = \"echo half-a-token; exit 3\"\n") { variables, path in
      let run = await CLIHarness.run(["messages"], variables: variables)
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "hollow-cli: token_command `echo half-a-token; exit 3` (\(path):1) failed with exit status 3; no token, nothing was sent\n"
      )
      // config does not run it.
      let config = await CLIHarness.run(["config"], variables: variables)
      #expect(
        config.status == 0 && config.stdout.contains("from token_command, not run here (token_command in \(path):1)"))
    }
    try await withConfig("token_command = \"true\"\n") { variables, _ in
      let run = await CLIHarness.run(["messages"], variables: variables)
      #expect(run.status == 1 && run.stderr.contains("printed no token"))
    }
    // The token goes to the server, and is blotted out of what the server says back.
    try await withConfig("token_command = \"printf 'from-the-manager\\\\n'\"\n") { variables, _ in
      let run = await CLIHarness.run(["send", "hi from a token"], variables: variables)
      #expect(run.status == 0, "\(run.stderr)")
    }
  }

  @Test func aBadConfigFileExitsTwoWithItsLine() async throws {
    try await withConfig("images = maybe\n") { variables, path in
      let run = await CLIHarness.run(["timeline"], variables: variables)
      #expect(run.status == 2)
      #expect(run.stderr.hasPrefix("hollow-cli: \(path):1: images: 'maybe' is not a value"))
    }
  }

  @Test func aLightThemeAvoidsCyanAndImagesOffDrawsNoPicture() {
    let dark = Painter(colors: true).line([Span("#1", .pid)]).text
    let light = Painter(colors: true, theme: .light).line([Span("#1", .pid)]).text
    #expect(dark.contains("\u{1B}[1;36m") && light.contains("\u{1B}[1;34m"))
    var capabilities = TerminalCapabilities(colorDepth: .trueColor)
    capabilities.showsPictures = false
    #expect(!capabilities.showsPictures)
  }
}
