import Foundation
import HollowKit
import Testing

@testable import HollowCLI

@Suite struct GlobalOptionsTests {
  private func options(_ arguments: [String], _ variables: [String: String] = [:]) throws -> GlobalOptions {
    let parsed = try HollowCommandLine.parser.parse(arguments + ["messages"])
    return try GlobalOptions(parsed.global, environment: variables, command: "messages")
  }

  @Test func defaultsToTheEmbeddedServer() throws {
    #expect(try options([]) == GlobalOptions())
  }

  @Test func environmentFillsInAndTheCommandLineWins() throws {
    let variables = [
      "HOLLOW_SERVER": "http://a.example:1", "HOLLOW_TOKEN": "env-token", "HOLLOW_IMAGE_BASE": "https://img.example/",
    ]
    let fromEnvironment = try options([], variables)
    #expect(fromEnvironment.server == URL(string: "http://a.example:1"))
    #expect(fromEnvironment.token == "env-token")
    #expect(fromEnvironment.imageBase == URL(string: "https://img.example/"))
    let overridden = try options(["--server", "https://b.example", "--token", "flag-token"], variables)
    #expect(overridden.server == URL(string: "https://b.example"))
    #expect(overridden.token == "flag-token")
  }

  @Test func connectionsDefaultsToTheLoadersBudgetAndMustBeInRange() throws {
    #expect(try options([]).connections == HostLimiter.defaultLimitPerHost)
    #expect(try options(["--connections", "4"]).connections == 4)
    #expect(try options(["--connections=256"]).connections == 256)
    for bad in ["0", "257", "-1", "x", ""] {
      #expect(throws: UsageError("--connections needs a whole number from 1 to 256, not '\(bad)'", command: "messages"))
      {
        try options(["--connections", bad])
      }
    }
  }

  @Test func noColorComesFromTheFlagOrAnyNoColorValue() throws {
    #expect(try options(["--no-color"]).noColor)
    #expect(try options([], ["NO_COLOR": ""]).noColor)
    #expect(try options([], ["NO_COLOR": "0"]).noColor)
    #expect(try !options([]).noColor)
  }

  @Test func serverMustBeAnHTTPURL() {
    for bad in ["localhost:8080", "ftp://x", "http://", "not a url"] {
      #expect(throws: UsageError.self) { try options(["--server", bad]) }
    }
    #expect(throws: UsageError("HOLLOW_IMAGE_BASE must be an http:// or https:// URL, not 'x'", command: "messages")) {
      try options([], ["HOLLOW_IMAGE_BASE": "x"])
    }
  }

  @Test func colorModeFromTheCommandLineWinsOverNoColor() throws {
    #expect(try options([]).color == .auto)
    #expect(try options([], ["NO_COLOR": "1"]).color == .never)
    #expect(try options(["--color=always"], ["NO_COLOR": "1"]).color == .always)
    #expect(try options(["--color", "never"]).color == .never)
    #expect(try options(["--color=auto"], ["NO_COLOR": "1"]).color == .auto)
    #expect(try options(["--no-color"]).color == .never)
    #expect(try options(["--no-color", "--color=never"]).color == .never)
    #expect(throws: UsageError("--color must be one of auto, always, never, not 'sometimes'", command: "messages")) {
      try options(["--color=sometimes"])
    }
    #expect(throws: UsageError("--no-color contradicts --color=always", command: "messages")) {
      try options(["--color=always", "--no-color"])
    }
  }
}
