import Foundation
import HollowKit
import HollowServer
import Testing

/// Writes against a real HollowServer, checked by reading back.
@Suite struct IntegrationWriteTests {
  @Test func aSentPostLeadsTheTimeline() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let text = "集成测试 integration & test = 100%"
    let pid = try await server.client.perform(SendPostRequest.self, .init(text: text, tag: "刷屏"))
    let page = try await server.client.perform(PostListRequest.self, .init(page: 1))
    let sent = try #require(page.posts.first { $0.pid == pid })
    #expect(sent.text == text)
    #expect(sent.tag == "刷屏")
    let firstUnpinned = page.posts.first { !$0.text.hasPrefix("【置顶】") }
    #expect(firstUnpinned?.pid == pid)
  }

  @Test func aVotePostCanBeVotedOn() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let pid = try await server.client.perform(SendPostRequest.self, .init(text: "选哪个", voteOptions: ["面条", "米饭"]))
    let vote = try await server.client.perform(VoteRequest.self, .init(pid: pid, option: "米饭"))
    #expect(vote.voted == "米饭")
    #expect(vote.count(for: "米饭") == 1)
    #expect(vote.count(for: "面条") == 0)
  }

  @Test func anImagePostRoundTrips() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let image = try await IntegrationFixtures.someImage(server)
    let pid = try await server.client.perform(SendPostRequest.self, .init(text: "", image: image))
    let detail = try await server.client.perform(PostDetailRequest.self, .init(pid: pid))
    #expect(detail.post.type == .image)
    let path = try #require(detail.post.imagePath)
    let url = try #require(server.server.imageBaseURL).appendingPathComponent(path)
    #expect(try await server.client.http.send(HTTPClientRequest(method: .get, url: url)).body == image)
  }

  @Test func aCommentBumpsThePost() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let post = try #require(try await server.client.perform(PostListRequest.self, .init(page: 2)).posts.first)
    let before = try await server.client.perform(PostDetailRequest.self, .init(pid: post.pid))
    let cid = try await server.client.perform(SendCommentRequest.self, .init(pid: post.pid, text: "沙发 first!"))
    let after = try await server.client.perform(
      PostDetailRequest.self, .init(pid: post.pid, knownUpdatedAt: before.post.updatedAt))
    #expect(after.post.updatedAt > before.post.updatedAt)
    #expect(after.post.replyCount == before.post.replyCount + 1)
    #expect(after.comments?.last?.cid == cid)
    #expect(after.comments?.last?.text == "沙发 first!")
    let reply = try await server.client.perform(
      SendCommentRequest.self, .init(pid: post.pid, text: "reply", replyTo: cid))
    let thread = try await server.client.perform(PostDetailRequest.self, .init(pid: post.pid))
    #expect(thread.comments?.first { $0.cid == reply }?.replyTo == cid)
  }

  @Test func followingTwiceIsAServerError() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let post = try #require(
      try await server.client.perform(PostListRequest.self, .init(page: 2)).posts.first { !$0.isFollowed })
    let followed = try await server.client.perform(FollowRequest.self, .init(pid: post.pid, follow: true))
    #expect(followed.isFollowed)
    #expect(followed.likeCount == post.likeCount + 1)
    let again = await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(FollowRequest.self, .init(pid: post.pid, follow: true))
    }
    guard case .server(code: -1, let message) = again?.kind else {
      Issue.record("expected server error -1, got \(String(describing: again))")
      return
    }
    #expect(!message.isEmpty)
    let attentions = try await server.client.perform(AttentionListRequest.self, .init())
    #expect(attentions.posts.contains { $0.pid == post.pid })
    let unfollowed = try await server.client.perform(FollowRequest.self, .init(pid: post.pid, follow: false))
    #expect(!unfollowed.isFollowed)
  }

  @Test func reportsAreAccepted() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let detail = try await server.client.perform(
      PostDetailRequest.self, .init(pid: IntegrationFixtures.pidWithComments(server)))
    let comment = try #require(detail.comments?.first)
    try await server.client.perform(ReportRequest.self, .init(target: .post(pid: detail.post.pid), reason: "广告"))
    try await server.client.perform(ReportRequest.self, .init(target: .comment(cid: comment.cid), reason: "spam"))
    #expect(server.server.requestCount(path: "/v3/edit/report/post") == 1)
    #expect(server.server.requestCount(path: "/v3/edit/report/comment") == 1)
  }
}

enum IntegrationFixtures {
  /// The bytes of an image the server already serves.
  static func someImage(_ server: TestServer) async throws -> Data {
    for number in 1...10 {
      let page = try await server.client.perform(PostListRequest.self, .init(page: number))
      if let path = page.posts.lazy.compactMap(\.imagePath).first {
        let url = try #require(server.server.imageBaseURL).appendingPathComponent(path)
        return try await server.client.http.send(HTTPClientRequest(method: .get, url: url)).body
      }
    }
    throw HollowError(request: "test", kind: .invalidInput("no image in the first pages"))
  }

  static func pidWithComments(_ server: TestServer) async throws -> Int {
    let page = try await server.client.perform(PostListRequest.self, .init(page: 2))
    guard let post = page.posts.first(where: { $0.replyCount > 0 }) else {
      throw HollowError(request: "test", kind: .invalidInput("no commented post on page 2"))
    }
    return post.pid
  }
}
