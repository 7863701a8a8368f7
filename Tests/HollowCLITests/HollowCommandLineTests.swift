import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The CLI run in-process against a HollowServer on an ephemeral loopback port.
@Suite struct HollowCommandLineTests {
  @Test func timelineShowsThePagesPosts() async throws {
    try await CLIHarness.withServer { url in
      let run = await CLIHarness.run(["--server", url, "timeline"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.isEmpty)
      let json = await CLIHarness.run(["--server", url, "--json", "timeline"])
      let pages = try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8))
      let page = try #require(pages.first)
      let pinned = page.posts.filter { $0.text.hasPrefix("【置顶】") }
      #expect(page.posts.count - pinned.count == 30)
      #expect(CLIHarness.headerPids(run.stdout) == page.posts.map(\.pid))
      #expect(run.stdout.contains("timeline page 1 · \(page.posts.count) posts · more: hollow-cli timeline --page 2"))
      #expect(!run.stdout.contains("\u{1B}"))
    }
  }

  @Test func timelineShowsPreviewCommentsAndCitedPosts() async throws {
    try await CLIHarness.withServer { url in
      let json = await CLIHarness.run(["--server", url, "--json", "timeline"])
      let page = try #require(try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first)
      let run = await CLIHarness.run(["--server", url, "timeline"])
      let (pid, comments) = try #require(page.comments?.first { !$0.value.isEmpty })
      let firstComment = try #require(comments.first)
      #expect(run.stdout.contains("┊ \(firstComment.name)"), "no preview comment of #\(pid)")
      let citing = try #require(page.posts.first { !Quotes.pids(in: $0.text, excluding: $0.pid).isEmpty })
      let cited = try #require(Quotes.pids(in: citing.text, excluding: citing.pid).first)
      #expect(run.stdout.contains("  │ #\(cited)"), "the quote of #\(cited) is not under #\(citing.pid)")
    }
  }

  @Test func severalPagesAndAProgressLineOnATerminal() async throws {
    try await CLIHarness.withServer { url in
      let run = await CLIHarness.run(
        ["--server", url, "--no-color", "timeline", "--page", "2", "--pages", "2"], stdoutIsTerminal: true,
        stderrIsTerminal: true)
      #expect(run.status == 0)
      #expect(CLIHarness.headerPids(run.stdout).count >= 59)
      #expect(run.stderr.contains("loading page 1/2…"))
      #expect(run.stderr.contains("loading page 2/2… "))
      #expect(run.stderr.contains("/60 posts"))
      #expect(run.stderr.hasSuffix("\r\u{1B}[2K"))
      // stdout piped (`| head`, `| less -R`): the line would land in the reader's output.
      let piped = await CLIHarness.run(["--server", url, "timeline"], stderrIsTerminal: true)
      #expect(piped.stderr.isEmpty)
      let quiet = await CLIHarness.run(["--server", url, "timeline"], stdoutIsTerminal: true, stderrIsTerminal: false)
      #expect(quiet.stderr.isEmpty)
    }
  }

  @Test func postShowsAllCommentsAndQuotes() async throws {
    // Writes or searches back to back: the client keeps the windows (on the harness's virtual time).
    try await CLIHarness.withServer { url in
      let json = await CLIHarness.run(["--server", url, "--json", "timeline"])
      let page = try #require(try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first)
      let cited = try #require(page.posts.last)
      let sent = await CLIHarness.run(["--server", url, "send", "quoting #\(cited.pid) and the missing #9999999"])
      let pid = try #require(
        Int(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("posted #".count)))
      for text in ["first comment", "second comment cites #\(cited.pid)", "third"] {
        let comment = await CLIHarness.run(["--server", url, "comment", "\(pid)", text])
        #expect(comment.status == 0, "\(comment.stderr)")
      }
      let run = await CLIHarness.run(["--server", url, "post", "\(pid)"])
      #expect(run.status == 0, "\(run.stderr)")
      let lines = run.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("#\(pid)  just now") == true)
      #expect(lines.contains("  │ #9999999 (not found)"))
      #expect(lines.contains { $0.hasPrefix("  │ #\(cited.pid)  ") })
      #expect(lines.contains("3 comments"))
      for text in ["    first comment", "    second comment cites #\(cited.pid)", "    third"] {
        #expect(lines.contains(text))
      }
      #expect(lines.contains { $0.hasPrefix("    │ #\(cited.pid)  ") }, "the comment's quote is not under it")
    }
  }

  @Test func sendThenTimelineShowsTheNewPost() async throws {
    try await CLIHarness.withServer { url in
      let sent = await CLIHarness.run(["--server", url, "send", "新帖子 from the CLI test", "--tag", "刷屏"])
      #expect(sent.status == 0, "\(sent.stderr)")
      let pid = try #require(
        Int(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("posted #".count)))
      let run = await CLIHarness.run(["--server", url, "timeline"])
      #expect(CLIHarness.headerPids(run.stdout).contains(pid))
      #expect(run.stdout.contains("#\(pid)  just now · 1 like · 0 replies · following [刷屏]\n  新帖子 from the CLI test\n"))
    }
  }

  @Test func sendWithAPollAndAnImageThenVote() async throws {
    // Writes or searches back to back: the client keeps the windows (on the harness's virtual time).
    try await CLIHarness.withServer { url in
      // The server only reads the size from the header: "GIF89a", then 640 and 480 little-endian.
      let image = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-cli-\(UUID()).gif")
      try Data(Array("GIF89a".utf8) + [0x80, 0x02, 0xE0, 0x01] + [UInt8](repeating: 0, count: 32)).write(to: image)
      defer { try? FileManager.default.removeItem(at: image) }
      let sent = await CLIHarness.run(["--server", url, "--json", "send", "吃什么", "--vote", "面", "--vote", "饭"])
      let pid = try JSONDecoder().decode(SentPost.self, from: Data(sent.stdout.utf8)).pid
      let before = await CLIHarness.run(["--server", url, "post", "\(pid)"])
      #expect(before.stdout.contains("vote (vote to see the counts):\n      面  ?\n      饭  ?\n"))
      let vote = await CLIHarness.run(["--server", url, "vote", "\(pid)", "饭"])
      #expect(vote.status == 0, "\(vote.stderr)")
      #expect(vote.stdout == "voted in #\(pid)\n  vote (you chose 饭):\n      面  0\n    ✓ 饭  1\n")
      let withImage = await CLIHarness.run(["--server", url, "send", "看图", "--image", image.path])
      #expect(withImage.status == 0, "\(withImage.stderr)")
      let imagePid = try #require(Int(withImage.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(8)))
      let shown = await CLIHarness.run(["--server", url, "post", "\(imagePid)"])
      #expect(shown.stdout.contains("  看图\n  [image 640x480]\n"))
    }
  }

  @Test func followAndUnfollow() async throws {
    try await CLIHarness.withServer { url in
      let sent = await CLIHarness.run(["--server", url, "--json", "send", "follow me"])
      let pid = try JSONDecoder().decode(SentPost.self, from: Data(sent.stdout.utf8)).pid
      // The server makes the author follow a new post.
      let attentions = await CLIHarness.run(["--server", url, "attentions"])
      #expect(CLIHarness.headerPids(attentions.stdout).first == pid)
      let twice = await CLIHarness.run(["--server", url, "follow", "\(pid)"])
      #expect(twice.status == 1)
      #expect(twice.stderr.hasPrefix("hollow-cli: edit/attention failed: server error -1"))
      let unfollow = await CLIHarness.run(["--server", url, "unfollow", "\(pid)"])
      #expect(unfollow.stdout == "no longer following #\(pid) (0 likes)\n")
      let follow = await CLIHarness.run(["--server", url, "follow", "\(pid)"])
      #expect(follow.stdout == "following #\(pid) (1 like)\n")
    }
  }

  @Test func wrongTokenFailsWithoutShowingIt() async throws {
    try await CLIHarness.withServer(token: "right-token") { url in
      let run = await CLIHarness.run(["--server", url, "--token", "wrong-secret-42", "timeline"])
      #expect(run.status == 1)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.hasPrefix("hollow-cli: post/list failed: the token is missing or expired"))
      #expect(!run.stderr.contains("wrong-secret-42"))
      let fromEnvironment = await CLIHarness.run(
        ["--server", url, "messages"], variables: ["HOLLOW_TOKEN": "wrong-secret-42"])
      #expect(fromEnvironment.status == 1)
      #expect(!fromEnvironment.stderr.contains("wrong-secret-42"))
      let right = await CLIHarness.run(["--server", url, "messages"], variables: ["HOLLOW_TOKEN": "right-token"])
      #expect(right.status == 0)
    }
  }

  @Test func jsonOutputDecodesBackIntoTheModels() async throws {
    // Writes or searches back to back: the client keeps the windows (on the harness's virtual time).
    try await CLIHarness.withServer { url in
      func json(_ arguments: [String]) async throws -> Data {
        let run = await CLIHarness.run(["--server", url, "--json"] + arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        #expect(run.stdout.hasSuffix("}\n") || run.stdout.hasSuffix("]\n"))
        #expect(run.stdout.filter { $0 == "\n" }.count == 1, "not one document")
        return Data(run.stdout.utf8)
      }
      let decoder = JSONDecoder()
      func pollPid() async throws -> Int {
        try decoder.decode(SentPost.self, from: try await json(["send", "poll", "--vote", "面", "--vote", "饭"])).pid
      }
      let pages = try decoder.decode([PostPage].self, from: try await json(["timeline", "--pages", "2"]))
      #expect(pages.count == 2)
      let pid = try #require(pages.first?.posts.first { $0.replyCount > 0 }?.pid)
      let detail = try decoder.decode(PostDetail.self, from: try await json(["post", "\(pid)"]))
      #expect(detail.post.pid == pid)
      #expect(detail.comments?.count == detail.post.replyCount)
      #expect(try (0...15).contains(decoder.decode(PostPage.self, from: try await json(["wander"])).posts.count))
      _ = try decoder.decode(PostPage.self, from: try await json(["search", "食堂"]))
      _ = try decoder.decode(PostPage.self, from: try await json(["attentions"]))
      #expect(try decoder.decode(SystemMessageList.self, from: try await json(["messages"])).messages.count == 3)
      let sent = try decoder.decode(SentPost.self, from: try await json(["send", "json"]))
      _ = try decoder.decode(SentComment.self, from: try await json(["comment", "\(sent.pid)", "c"]))
      #expect(
        try !decoder.decode(AttentionResult.self, from: try await json(["unfollow", "\(sent.pid)"])).post.isFollowed)
      let vote = try decoder.decode(VoteResult.self, from: try await json(["vote", "\(try await pollPid())", "面"]))
      #expect(vote.vote.voted == "面")
    }
  }

  @Test func searchHighlightsEveryKeywordIgnoringCase() async throws {
    // Writes or searches back to back: the client keeps the windows (on the harness's virtual time).
    try await CLIHarness.withServer { url in
      // Every keyword must match (AND), as on the real backend.
      let plain = await CLIHarness.run(["--server", url, "search", "食堂", "香锅"])
      #expect(plain.status == 0, "\(plain.stderr)")
      let pids = CLIHarness.headerPids(plain.stdout)
      #expect(!pids.isEmpty)
      #expect(plain.stdout.contains("*食堂*"))
      #expect(!plain.stdout.contains("\u{1B}"))
      let colored = await CLIHarness.run(["--server", url, "search", "食堂"], stdoutIsTerminal: true)
      #expect(colored.stdout.contains("\u{1B}[1;30;43m食堂\u{1B}[0m"))
      let noColor = await CLIHarness.run(
        ["--server", url, "search", "食堂"], variables: ["NO_COLOR": "1"], stdoutIsTerminal: true)
      #expect(!noColor.stdout.contains("\u{1B}"))
      let flag = await CLIHarness.run(["--server", url, "--no-color", "search", "食堂"], stdoutIsTerminal: true)
      #expect(!flag.stdout.contains("\u{1B}"))
      // Every post found shows the keyword in its text or in a comment (search covers both).
      for block in plain.stdout.components(separatedBy: "\n\n").dropLast() {
        #expect(block.contains("*食堂*") && block.contains("*香锅*"), "\(block)")
      }
    }
  }

  @Test func colorAlwaysReachesAPagerAndNeverKeepsATerminalGrey() async throws {
    try await CLIHarness.withServer { url in
      let piped = await CLIHarness.run(["--server", url, "--color=always", "search", "食堂"])
      #expect(piped.stdout.contains("\u{1B}[1;30;43m食堂\u{1B}[0m"))
      #expect(piped.stdout.contains("\u{1B}[1;36m#"))
      let overNoColor = await CLIHarness.run(
        ["--server", url, "--color", "always", "messages"], variables: ["NO_COLOR": "1"])
      #expect(overNoColor.stdout.contains("\u{1B}["))
      let never = await CLIHarness.run(["--server", url, "--color=never", "messages"], stdoutIsTerminal: true)
      #expect(!never.stdout.contains("\u{1B}"))
      let auto = await CLIHarness.run(["--server", url, "--color=auto", "messages"], stdoutIsTerminal: true)
      #expect(auto.stdout.contains("\u{1B}["))
      let bad = await CLIHarness.run(["--color=maybe", "messages"])
      #expect(bad.status == 2)
      #expect(bad.stderr.hasPrefix("hollow-cli: --color must be one of auto, always, never, not 'maybe'"))
    }
  }

  @Test func outputWrapsToTheTerminalWidth() async throws {
    try await CLIHarness.withServer { url in
      let run = await CLIHarness.run(["--server", url, "timeline"], variables: ["COLUMNS": "30"])
      let lines = run.stdout.split(separator: "\n")
      #expect(
        lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix("timeline page") }.allSatisfy { DisplayWidth.of($0) <= 30 })
    }
  }

  @Test func theEmbeddedServerIsTheDefault() async {
    let run = await CLIHarness.run(["messages"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("欢迎来到树洞"))
  }

  @Test func requestFailuresExitOne() async throws {
    try await CLIHarness.withServer { url in
      let missing = await CLIHarness.run(["--server", url, "post", "9999999"])
      #expect(missing.status == 1)
      #expect(missing.stderr.hasPrefix("hollow-cli: post/detail failed: no such post"))
      let unreachable = await CLIHarness.run(["--server", "http://127.0.0.1:1", "messages"])
      #expect(unreachable.status == 1)
      #expect(unreachable.stderr == "hollow-cli: system_msg failed: cannot connect to the server\n")
    }
  }

  @Test func badCommandLinesExitTwoWithAHint() async {
    let cases: [([String], String)] = [
      ([], "hollow-cli: missing command\nsee 'hollow-cli --help'\n"),
      (["frobnicate"], "hollow-cli: unknown command 'frobnicate'\nsee 'hollow-cli --help'\n"),
      (["post", "x"], "hollow-cli: PID must be a number, not 'x'\nsee 'hollow-cli post --help'\n"),
      (["timeline", "--nope"], "hollow-cli: unknown option '--nope'\nsee 'hollow-cli timeline --help'\n"),
      (
        ["--server", "nope", "wander"],
        "hollow-cli: --server must be an http:// or https:// URL, not 'nope'\nsee 'hollow-cli wander --help'\n"
      ),
      (
        ["search", String(repeating: "长", count: 31)],
        "hollow-cli: the search keywords have 31 characters, at most 30 are allowed\nsee 'hollow-cli search --help'\n"
      ),
      (
        ["send", "x", "--image", "/no/such/file"],
        "hollow-cli: --image: no such file '/no/such/file'\nsee 'hollow-cli send --help'\n"
      ),
      (
        ["send", "x", "--vote", "only one"],
        "hollow-cli: a vote needs 2...4 options, not 1\nsee 'hollow-cli send --help'\n"
      ),
      (
        ["serve", "--server", "http://x"],
        "hollow-cli: serve runs its own server; --server does not apply\nsee 'hollow-cli serve --help'\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = await CLIHarness.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
      #expect(run.stdout.isEmpty)
    }
  }

  @Test func helpAndVersion() async {
    let top = await CLIHarness.run(["--help"])
    #expect(top.status == 0)
    #expect(top.stdout.contains("commands:"))
    for spec in CommandTable.commands {
      #expect(top.stdout.contains("  \(spec.name) "))
      let help = await CLIHarness.run([spec.name, "-h"])
      #expect(help.status == 0)
      #expect(help.stdout.hasPrefix("usage: hollow-cli \(spec.name)"))
    }
    let version = await CLIHarness.run(["--version"])
    #expect(version.stdout == "hollow-cli \(HollowCommandLine.version)\n")
  }

  @Test func pidsAreAcceptedAsTheyArePrinted() async throws {
    try await CLIHarness.withServer { url in
      let json = await CLIHarness.run(["--server", url, "--json", "timeline"])
      let pid = try #require(
        try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8)).first?.posts.last?.pid)
      let hash = await CLIHarness.run(["--server", url, "post", "#\(pid)"])
      let plain = await CLIHarness.run(["--server", url, "post", "\(pid)"])
      #expect(hash.status == 0, "\(hash.stderr)")
      #expect(hash.stdout == plain.stdout)
      // An unquoted # starts a shell comment, so the shell passes nothing: the message says why.
      let dropped = await CLIHarness.run(["--server", url, "post"])
      #expect(dropped.stderr.contains("quote a # in the shell"))
    }
  }

  @Test func neverCrashesOnOddInput() async {
    let odd: [[String]] = [
      ["-"], ["--"], ["---"], ["--=x"], ["-h", "-h"], ["timeline", "--page="], ["post", "\u{0}"],
      ["search", "\u{1B}[31m"],
      ["send", ""], ["comment", "1", " "], ["vote", "1", ""], ["timeline", "--page", "9223372036854775807"],
    ]
    for arguments in odd {
      let run = await CLIHarness.run(arguments)
      #expect([0, 1, 2].contains(run.status), "\(arguments)")
    }
  }
}
