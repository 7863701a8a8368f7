import HollowKit
import Testing

@Suite struct PostDetailRequestTests {
  @Test func fullAnswerCarriesTheComments() async throws {
    let client = ClientFixtures.client(body: WireFixtures.detailWithComments).0
    let detail = try await client.perform(PostDetailRequest.self, .init(pid: 99))
    guard case .complete(let post, let comments) = detail else {
      Issue.record("expected .complete, got \(detail)")
      return
    }
    #expect(post.pid == 99)
    #expect(comments.map(\.cid) == [7])
    #expect(detail.comments?.count == 1)
  }

  @Test func codeOneWithAKnownUpdateIsNotModified() async throws {
    let client = ClientFixtures.client(body: WireFixtures.detailCacheCurrent).0
    let detail = try await client.perform(PostDetailRequest.self, .init(pid: 7, knownUpdatedAt: 2))
    #expect(detail == .notModified(detail.post))
    #expect(detail.post.pid == 7)
    #expect(detail.comments == nil)
  }

  @Test func codeOneWithoutCommentsAskedForIsPostOnly() async throws {
    let client = ClientFixtures.client(body: WireFixtures.detailCacheCurrent).0
    let detail = try await client.perform(PostDetailRequest.self, .init(pid: 7, includeComments: false))
    #expect(detail == .postOnly(detail.post))
  }

  @Test func missingCommentsWithoutACachedCopyIsAnError() async {
    let client = ClientFixtures.client(body: WireFixtures.detailCacheCurrent).0
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(PostDetailRequest.self, .init(pid: 7))
    }
    #expect(error?.description == "post/detail: field `data`: expected comments, found null")
  }
}
