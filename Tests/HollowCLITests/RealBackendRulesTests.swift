import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// Print mode against a fixture server that answers with the real backend's rules (until the demo
/// server does): short pages that are not the last, the end as an empty page, wander batches of 0 to
/// 15, polls typed `text` or `image`, values the client has never seen.
@Suite struct RealBackendRulesTests {
  typealias H = HostileServerTests

  static func posts(_ range: ClosedRange<Int>) -> [[String: Any]] {
    range.reversed().map { H.post($0) }
  }

  /// Followed posts as the real backend pages them: 29 on page 1 (one deleted after paging), 23 on
  /// page 2, then an empty page.
  static let followed: @Sendable (String) -> HostileServer.Answer = { path in
    guard path.contains("post/attentions") else { return .json(["code": -1, "msg": "unexpected"] as [String: Any]) }
    if path.contains("page=1") { return H.page(posts(24...52)) }
    if path.contains("page=2") { return H.page(posts(1...23)) }
    return H.page([])
  }

  @Test func aShortFollowedPageStillOffersTheNextOne() async throws {
    let first = try await H.run(["--token", H.token, "attentions"], answer: Self.followed)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout.contains("followed posts page 1 · 29 posts · more: hollow-cli attentions --page 2"),
      "\(first.stdout)")
    let second = try await H.run(["--token", H.token, "attentions", "--page", "2"], answer: Self.followed)
    #expect(second.stdout.contains("followed posts page 2 · 23 posts · more: hollow-cli attentions --page 3"))
    let last = try await H.run(["--token", H.token, "attentions", "--page", "3"], answer: Self.followed)
    #expect(last.status == 0)
    #expect(last.stdout.contains("followed posts page 3 · no posts"))
    #expect(!last.stdout.contains("more:"))
  }

  @Test func aTimelineRunEndsAtTheEmptyPage() async throws {
    let run = try await H.run(["timeline", "--pages", "3"]) { path in
      if path.contains("page=1") { return H.page(Self.posts(40...60)) }
      if path.contains("page=2") { return H.page([]) }
      return H.page(Self.posts(1...5))
    }
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("timeline page 1-3 · 26 posts"))
    #expect(!run.stdout.contains("more:"), "\(run.stdout)")
  }

  @Test func anEmptyWanderBatchIsNeitherAnErrorNorTheEnd() async throws {
    let run = try await H.run(["wander"]) { _ in .json(["code": 0, "data": [Any](), "count": 0] as [String: Any]) }
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("wander · no posts · more: hollow-cli wander"), "\(run.stdout)")
  }

  @Test func unknownTypesAndPermissionsAreShownNotFailed() async throws {
    let vote: [String: Any] = ["voted": "", "vote_options": ["甜", "咸"], "vote_data": ["甜": -1, "咸": -1]]
    let page = H.page(
      [
        H.post(3, ["type": "video", "text": "a new kind", "permissions": ["report", "teleport"]]),
        H.post(
          2,
          [
            "type": "sticker", "url": "ab/x.png", "image_metadata": ["w": 8, "h": 6], "text": "with a picture",
            "reply": 4,
          ]),
        H.post(1, ["type": "text", "text": "a poll", "vote": vote]),
      ],
      comments: [
        "3": [H.comment(9, on: 3, ["type": "hologram", "text": "new comment kind", "reply_to": 0])], "2": [Any](),
      ])
    let run = try await H.run(["timeline"]) { path in
      path.contains("post/list") ? page : HostileServer.Answer(status: 404, body: [])
    }
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("a new kind") && run.stdout.contains("new comment kind"))
    #expect(run.stdout.contains("[image 8x6]"))
    #expect(run.stdout.contains("甜") && run.stdout.contains("咸"))
    #expect(run.stdout.contains("timeline page 1 · 3 posts"))
    // reply_to 0 is stored as sent, not a comment to point at.
    #expect(!run.stdout.contains("→ #0"))
    // Post 2's first comments were deleted (`"2": []`): its four comments are still announced.
    #expect(run.stdout.contains("┊ … 4 more comments"), "\(run.stdout)")
  }

  /// The image host is configured, never guessed from the server's address.
  @Test func withoutAnImageBaseNoImageIsAskedForAndTheUserIsToldOnce() async throws {
    let page = H.page([
      H.post(2, ["type": "image", "url": "ab/x.png", "image_metadata": ["w": 8, "h": 6]]),
      H.post(1, ["type": "image", "url": "ab/y.png", "image_metadata": ["w": 8, "h": 6]]),
    ])
    let server = try HostileServer { path in
      path.contains("post/list") ? page : HostileServer.Answer(status: 404, body: [])
    }
    defer { server.shutdown() }
    let run = await CLIHarness.run(["--server", server.url, "--no-cache", "timeline"], demoImageBase: false)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("[image 8x6]"))
    #expect(!server.requestPaths.contains { $0.contains("images") }, "\(server.requestPaths)")
    let notices = run.stderr.components(separatedBy: "set it with --image-base URL or HOLLOW_IMAGE_BASE").count - 1
    #expect(notices == 1, "\(run.stderr)")
    let based = await CLIHarness.run([
      "--server", server.url, "--no-cache", "--image-base", server.url + "/pics/", "timeline",
    ])
    #expect(!based.stderr.contains("--image-base"))
    #expect(server.requestPaths.contains { $0.hasPrefix("/pics/ab/x.png") }, "\(server.requestPaths)")
  }
}
