import Foundation
import Synchronization
import Testing

@testable import HollowCLI

/// The built reader in a real terminal (tmux) against a fixture server that pages, batches and
/// rate-limits like the real backend: a followed page of 29 posts is not the last, a wander batch
/// may be empty, and a search within 2 s of the previous one is refused.
@Suite(
  .offCooperativePool, .serialized, .timeLimit(.minutes(2)),
  .enabled(if: TmuxScreen.isAvailable, "tmux is not installed"))
struct ReaderRealRulesTerminalTests {
  typealias H = HostileServerTests

  private func open(_ server: HostileServer, _ arguments: [String]) throws -> TmuxScreen {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    return try TmuxScreen(
      binary: binary, arguments: ["--server", server.url, "--image-base", server.url + "/images/"] + arguments,
      variables: ["TERM": "xterm-256color"])
  }

  private static func postCount(_ screen: String) -> Int? {
    guard let title = screen.split(separator: "\n").first, let range = title.range(of: " posts") else { return nil }
    return Int(title[..<range.lowerBound].split(separator: " ").last ?? "")
  }

  private static func posts(_ range: ClosedRange<Int>) -> [[String: Any]] {
    range.reversed().map { H.post($0, ["text": "followed post \($0)"]) }
  }

  @Test func theFollowedFeedPagesPastAShortPage() throws {
    let server = try HostileServer { path in
      if path.contains("page=1") { return H.page(Self.posts(24...52)) }
      if path.contains("page=2") { return H.page(Self.posts(1...23)) }
      return H.page([])
    }
    defer { server.shutdown() }
    let screen = try open(server, ["--token", H.token, "attentions"])
    try screen.waitFor("page 1, 29 posts") { Self.postCount($0) == 29 && $0.contains("hollow · followed") }
    try screen.send("G")
    try screen.waitFor("page 2 after the short page 1") { Self.postCount($0) == 52 }
    try screen.send("G")
    try screen.waitFor("the end, after the empty page 3") { $0.contains("— end of followed —") }
    #expect(server.requestPaths.filter { $0.contains("post/attentions") }.count == 3)
    try screen.send("q")
    #expect(try screen.outcome().status == 0)
  }

  @Test func wanderGoesOnAfterAShortAndAnEmptyBatch() throws {
    let batches = Mutex(0)
    let server = try HostileServer { path in
      guard path.contains("randomlist") else { return HostileServer.Answer(status: 404, body: []) }
      let batch = batches.withLock { count in
        count += 1
        return count
      }
      let posts: [[String: Any]] =
        switch batch {
        case 1: (1...3).map { H.post($0, ["text": "random \($0)"]) }
        case 2: []
        default: [H.post(100 + batch, ["text": "random \(100 + batch)"])]
        }
      return .json(["code": 0, "data": posts, "count": posts.count] as [String: Any])
    }
    defer { server.shutdown() }
    let screen = try open(server, ["wander"])
    try screen.waitFor("a short first batch") { Self.postCount($0) == 3 && $0.contains("hollow · wander") }
    // The empty second batch is neither an error nor the end: the third is asked for.
    try screen.send("G")
    let more = try screen.waitFor("the batch after the empty one") { Self.postCount($0) == 4 }
    #expect(!more.contains("end of wander") && !more.contains("failed"))
    try screen.send("G")
    try screen.waitFor("another batch") { Self.postCount($0) == 5 }
    try screen.send("q")
    #expect(try screen.outcome().status == 0)
  }

  @Test func liveSearchStaysUnderTheServersTwoSecondLimit() throws {
    // The server's rule: a search within 2 s of the previous answer is refused.
    let lastAnswer = Mutex<Date?>(nil)
    let refused = Mutex(0)
    let answered = Mutex(0)
    let server = try HostileServer { path in
      guard path.contains("contents/search") else { return H.page([]) }
      let now = Date()
      let tooSoon = lastAnswer.withLock { last in
        defer { last = now }
        return last.map { now.timeIntervalSince($0) < 2 } ?? false
      }
      if tooSoon {
        refused.withLock { $0 += 1 }
        return .json(["code": -1, "msg": "请不要短时间内连续搜索树洞"] as [String: Any])
      }
      let number = answered.withLock { count in
        count += 1
        return count
      }
      return H.page([H.post(7, ["text": "answer number \(number)"])])
    }
    defer { server.shutdown() }
    let screen = try open(server, ["search", "猫"])
    try screen.waitFor("the first results") { $0.contains("answer number 1") }
    // A second word right away: the client waits for the window instead of being refused.
    try screen.send(" 狗", literally: true)
    let second = try screen.waitFor("the second query's results") { $0.contains("answer number 2") }
    #expect(!second.contains("failed") && !second.contains("server error"))
    #expect(refused.withLock { $0 } == 0)
    #expect(server.requestPaths.filter { $0.contains("contents/search") }.count == 2)
    try screen.send("Escape")
    try screen.send("q")
    _ = try screen.outcome()
  }
}
