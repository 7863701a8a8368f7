import Foundation
import HollowKit
import HollowServer
import Testing

/// Every read endpoint against a real HollowServer on loopback.
@Suite struct IntegrationReadTests {
  @Test func timelinePagesDecode() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let first = try await server.client.perform(PostListRequest.self, .init(page: 1))
    #expect(first.posts.count > APILimits.pageSize)  // pinned posts come first
    #expect(first.config != nil)
    #expect(first.posts.contains { $0.text.hasPrefix("【置顶】") })
    let second = try await server.client.perform(PostListRequest.self, .init(page: 2))
    #expect(second.posts.count == APILimits.pageSize)
    #expect(second.config == nil)
    #expect(Set(first.posts.map(\.pid)).isDisjoint(with: second.posts.map(\.pid)))
    let logged = server.server.requests.last
    #expect(logged?.path == "/v3/contents/post/list")
    #expect(logged?.query.contains(QueryItem(name: "device", value: "2")) == true)
    #expect(logged?.query.contains(QueryItem(name: "v", value: "v3.0.0")) == true)
  }

  @Test func randomListAttentionsAndSystemMessagesDecode() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let random = try await server.client.perform(RandomListRequest.self, .init())
    #expect((0...15).contains(random.posts.count) && random.count == random.posts.count)
    #expect(random.comments == nil)
    let followed = try await server.client.perform(AttentionListRequest.self, .init(page: 1))
    #expect(!followed.posts.isEmpty)
    #expect(followed.posts.allSatisfy { $0.isFollowed })
    #expect(followed.posts.map(\.pid) == followed.posts.map(\.pid).sorted(by: >))
    let messages = try await server.client.perform(SystemMessagesRequest.self, .init())
    #expect(!messages.isEmpty)
  }

  @Test func searchesDecodeAndMatch() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let page = try await server.client.perform(PostListRequest.self, .init(page: 2))
    let word = try #require(page.posts.first?.text.split(separator: " ").first.map(String.init))
    let keyword = String(word.prefix(APILimits.maximumKeywordLength))
    let found = try await server.client.perform(SearchRequest.self, .init(keywords: keyword, includeComments: false))
    #expect(!found.posts.isEmpty)
    #expect(found.posts.allSatisfy { $0.text.contains(keyword) })
    let followedPost = try #require(try await server.client.perform(AttentionListRequest.self, .init()).posts.first)
    let followedWord = try #require(followedPost.text.split(separator: " ").first.map { String($0.prefix(30)) })
    let inFollowed = try await server.client.perform(AttentionSearchRequest.self, .init(keywords: followedWord))
    #expect(inFollowed.posts.contains { $0.pid == followedPost.pid })
  }

  @Test func searchHonoursTheTimeRange() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let posts = try await server.client.perform(PostListRequest.self, .init(page: 3)).posts
    let newest = try #require(posts.map(\.timestamp).max())
    let oldest = try #require(posts.map(\.timestamp).min())
    let found = try await server.client.perform(
      SearchRequest.self, .init(keywords: "的 a e i o u", before: newest, after: oldest))
    #expect(found.posts.allSatisfy { $0.timestamp < newest && $0.timestamp > oldest })
  }

  @Test func detailAndItsNotModifiedQuirk() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let page = try await server.client.perform(PostListRequest.self, .init(page: 2))
    let post = try #require(page.posts.first { $0.replyCount > 0 })
    let full = try await server.client.perform(PostDetailRequest.self, .init(pid: post.pid))
    #expect(full.post.pid == post.pid)
    #expect(full.comments?.count == post.replyCount)
    let cached = try await server.client.perform(
      PostDetailRequest.self, .init(pid: post.pid, knownUpdatedAt: full.post.updatedAt))
    #expect(cached == .notModified(full.post))
    let stale = try await server.client.perform(
      PostDetailRequest.self, .init(pid: post.pid, knownUpdatedAt: full.post.updatedAt - 1))
    #expect(stale.comments?.count == post.replyCount)
    let bare = try await server.client.perform(PostDetailRequest.self, .init(pid: post.pid, includeComments: false))
    #expect(bare == .postOnly(full.post))
  }

  @Test func anUnknownPidIsNoSuchPost() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(PostDetailRequest.self, .init(pid: 9_999_999))
    }
    guard case .noSuchPost = error?.kind else {
      Issue.record("expected noSuchPost, got \(String(describing: error))")
      return
    }
  }

  @Test func imagesAreServedAtTheConfiguredBase() async throws {
    let server = try TestServer()
    defer { server.stop() }
    var imagePath: String?
    for number in 1...5 where imagePath == nil {
      imagePath = try await server.client.perform(PostListRequest.self, .init(page: number)).posts.lazy
        .compactMap(\.imagePath).first
    }
    let path = try #require(imagePath)
    let url = try #require(server.server.imageBaseURL).appendingPathComponent(path)
    let response = try await server.client.http.send(HTTPClientRequest(method: .get, url: url))
    #expect(response.status == 200)
    #expect(!response.body.isEmpty)
  }
}
