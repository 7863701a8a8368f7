import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The CLI against a server that answers with terminal escapes and extreme numbers: nothing it
/// sends can drive the terminal, leak the token or crash the client, on any output path.
@Suite struct HostileServerTests {
  static let token = "s3cret-token-42"

  /// A post with every field set; `override` replaces some.
  static func post(_ pid: Int, _ override: [String: Any] = [:]) -> [String: Any] {
    var post: [String: Any] = [
      "pid": pid, "text": "hello", "type": "text", "timestamp": 1_700_000_000, "updated_at": 1_700_000_000,
      "reply": 1, "likenum": 2, "attention": false, "deleted": false, "permissions": [String](),
      "tag": NSNull(), "url": "", "image_metadata": [String: Any](), "vote": [String: Any](),
    ]
    post.merge(override) { $1 }
    return post
  }

  static func comment(_ cid: Int, on pid: Int, _ override: [String: Any] = [:]) -> [String: Any] {
    var comment: [String: Any] = [
      "cid": cid, "pid": pid, "text": "a comment", "type": "text", "timestamp": 1_700_000_100, "reply_to": -1,
      "name": "Alice", "is_dz": false, "tag": NSNull(), "deleted": false, "permissions": [String](), "url": "",
      "image_metadata": [String: Any](),
    ]
    comment.merge(override) { $1 }
    return comment
  }

  static func page(_ posts: [[String: Any]], comments: [String: Any] = [:]) -> HostileServer.Answer {
    .json(["code": 0, "data": posts, "count": posts.count, "comments": comments, "config": NSNull()] as [String: Any])
  }

  /// Runs `arguments` against a server answering every request with `answer(path)`.
  static func run(
    _ arguments: [String], stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
    answer: @escaping @Sendable (String) -> HostileServer.Answer
  ) async throws -> CLIRun {
    let server = try HostileServer(answer)
    defer { server.shutdown() }
    return await CLIHarness.run(
      ["--server", server.url, "--no-cache"] + arguments, stdoutIsTerminal: stdoutIsTerminal,
      stderrIsTerminal: stderrIsTerminal)
  }

  /// Whether every ESC in `text` starts one of hollow-cli's own sequences (SGR, erase, cursor up).
  static func onlyOwnEscapes(_ text: String) -> Bool {
    let allowed = ["\u{1B}[2K", "\u{1B}[1A"]
    var rest = Substring(text)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      rest = rest[escape...]
      if let own = allowed.first(where: { rest.hasPrefix($0) }) {
        rest = rest.dropFirst(own.count)
        continue
      }
      guard rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(of: "m") else { return false }
      let parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
      guard parameters.allSatisfy({ $0.isNumber || $0 == ";" }) else { return false }
      rest = rest[rest.index(after: end)...]
    }
    let others = text.unicodeScalars.filter {
      TerminalSanitizer.isUnsafe($0) && $0 != "\n" && $0 != "\r" && $0 != "\u{1B}"
    }
    return others.isEmpty
  }

  @Test(arguments: TerminalSanitizerTests.attacks.indices)
  func aServersMessageCannotDriveTheTerminal(_ index: Int) async throws {
    let attack = TerminalSanitizerTests.attacks[index]
    for terminal in [false, true] {
      let run = try await Self.run(["messages"], stdoutIsTerminal: terminal, stderrIsTerminal: terminal) { _ in
        .json(["code": -1, "msg": attack.text] as [String: Any])
      }
      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("hollow-cli: system_msg failed"), "\(run.stderr)")
      #expect(Self.onlyOwnEscapes(run.stderr), "\(attack.name): \(run.stderr.debugDescription)")
      #expect(!run.stderr.contains("\u{1B}]"), "\(attack.name)")
    }
  }

  @Test func aJSONKeyQuotedInADecodingErrorIsSanitized() async throws {
    let key = "\u{1B}]52;c;cm0gLXJm\u{07}\u{1B}[2J\u{202E}"
    let vote: [String: Any] = ["voted": "", "vote_options": ["a"], "vote_data": [key: "not a number"]]
    let page = Self.page([Self.post(1, ["type": "vote", "vote": vote])])
    let run = try await Self.run(["timeline"]) { _ in page }
    #expect(run.status == 1)
    #expect(run.stderr.contains("vote_data"), "\(run.stderr)")
    #expect(!run.stderr.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) && $0 != "\n" })
    #expect(run.stderr.contains("\u{FFFD}"))
  }

  @Test func aTokenEchoedSplitByEscapesIsRedacted() async throws {
    for split in SecretRedactorTests.splits {
      let server = try HostileServer { _ in .json(["code": -1, "msg": "your token \(split) is bad"] as [String: Any]) }
      defer { server.shutdown() }
      let run = await CLIHarness.run(["--server", server.url, "--token", Self.token, "--no-cache", "messages"])
      #expect(run.status == 1)
      #expect(!run.stderr.contains("s3cret"), "\(split.debugDescription): \(run.stderr.debugDescription)")
      #expect(run.stderr.contains("<token>"), "\(split.debugDescription): \(run.stderr.debugDescription)")
      let fromEnvironment = await CLIHarness.run(
        ["--server", server.url, "--no-cache", "messages"], variables: ["HOLLOW_TOKEN": Self.token])
      #expect(!fromEnvironment.stderr.contains("s3cret"))
    }
  }

  @Test func hostileTextsInPostsCannotDriveTheTerminalInAnyMode() async throws {
    let hostile = TerminalSanitizerTests.attacks.map(\.text).joined(separator: " ")
    let posts = [
      Self.post(1, ["text": hostile, "tag": "\u{1B}[8mhidden\u{9B}2J"]),
      Self.post(
        2,
        [
          "type": "vote",
          "vote": [
            "voted": "", "vote_options": ["\u{1B}]0;x\u{07}a", "b"], "vote_data": ["\u{1B}]0;x\u{07}a": -1, "b": -1],
          ] as [String: Any],
        ]),
    ]
    let comments: [String: Any] = ["1": [Self.comment(10, on: 1, ["name": "\u{1B}[31mEve\u{202E}", "text": hostile])]]
    let detail = HostileServer.Answer.json(
      ["code": 0, "post": Self.post(1, ["text": hostile]), "data": [Self.comment(10, on: 1, ["text": hostile])]]
        as [String: Any])
    let page = Self.page(posts, comments: comments)
    let answer: @Sendable (String) -> HostileServer.Answer = { path in path.contains("post/detail") ? detail : page }
    for arguments in [["timeline"], ["--color=always", "timeline"], ["post", "1"], ["--color=always", "post", "1"]] {
      let run = try await Self.run(arguments, answer: answer)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(Self.onlyOwnEscapes(run.stdout), "\(arguments): \(run.stdout.debugDescription)")
      #expect(run.stdout.contains("\u{FFFD}"))
    }
    let tty = try await Self.run(["timeline"], stdoutIsTerminal: true, stderrIsTerminal: true, answer: answer)
    #expect(Self.onlyOwnEscapes(tty.stdout) && Self.onlyOwnEscapes(tty.stderr))
    // --json keeps the text exactly, with the dangerous characters escaped.
    let json = try await Self.run(["--json", "post", "1"], answer: answer)
    #expect(json.status == 0)
    #expect(!json.stdout.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) && $0 != "\n" })
    let decoded = try JSONDecoder().decode(PostDetail.self, from: Data(json.stdout.utf8))
    #expect(decoded.post.text == hostile)
  }

  @Test func extremeIntegersNeitherCrashNorLoseTheRest() async throws {
    let extremes = [Int.min, Int.min + 1, -1, 0, Int.max]
    let posts = extremes.enumerated().map { index, value in
      Self.post(
        index + 1,
        [
          "timestamp": value, "updated_at": value, "reply": value, "likenum": value,
          "type": "vote",
          "vote": ["voted": "a", "vote_options": ["a", "b"], "vote_data": ["a": value, "b": Int.min]],
          "image_metadata": ["w": value, "h": value], "url": "ab/x.png",
        ] as [String: Any])
    }
    let comments: [String: Any] = Dictionary(
      uniqueKeysWithValues: extremes.enumerated().map { index, value in
        ("\(index + 1)", [Self.comment(100 + index, on: index + 1, ["timestamp": value, "reply_to": value])])
      })
    let messages = HostileServer.Answer.json(
      ["code": 0, "data": extremes.map { ["title": "t", "content": "c", "timestamp": $0] }] as [String: Any])
    let detail = HostileServer.Answer.json(
      ["code": 0, "post": posts[0], "data": [Self.comment(7, on: 1, ["timestamp": Int.min, "reply_to": Int.min])]]
        as [String: Any])
    let page = Self.page(posts, comments: comments)
    let answer: @Sendable (String) -> HostileServer.Answer = { path in
      if path.contains("system_msg") { return messages }
      if path.contains("post/detail") { return detail }
      if path.contains("/images/") { return HostileServer.Answer(status: 404, body: []) }
      return page
    }
    for arguments in [
      ["timeline"], ["post", "1"], ["messages"], ["--json", "timeline"], ["search", "a"], ["wander"],
    ] {
      let run = try await Self.run(arguments, answer: answer)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    let timeline = try await Self.run(["timeline"], answer: answer)
    #expect(CLIHarness.headerPids(timeline.stdout) == [1, 2, 3, 4, 5])
    #expect(timeline.stdout.contains("at an impossible time (\(Int.min))"))
  }

  @Test func numbersBeyondIntAreADecodingErrorNotACrash() async throws {
    for number in ["9223372036854775808", "-9223372036854775809", "1e300", "1.5"] {
      let run = try await Self.run(["messages"]) { _ in
        .json(#"{"code":0,"data":[{"title":"t","content":"c","timestamp":\#(number)}]}"#)
      }
      #expect(run.status == 1, "\(number)")
      // Foundation's decoder calls a number that does not fit "not valid JSON", without its path.
      #expect(run.stderr.hasPrefix("hollow-cli: system_msg failed: "), "\(number): \(run.stderr)")
    }
  }
}
