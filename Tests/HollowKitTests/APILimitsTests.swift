import Foundation
import HollowKit
import Testing

/// Every documented limit is checked before any network I/O, with a clear message.
@Suite struct APILimitsTests {
  let client: TreeHoleClient
  let http: StubHTTPClient

  init() {
    (client, http) = ClientFixtures.client(body: #"{"code":0}"#)
  }

  private func rejection<R: DefaultRequest>(_ type: R.Type, _ parameters: R.Parameters) async -> String? {
    let client = client
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(type, parameters)
    }
    guard case .invalidInput(let reason) = error?.kind else { return nil }
    return reason
  }

  @Test func postText() async {
    let tooLong = String(repeating: "字", count: APILimits.maximumTextLength + 1)
    #expect(
      await rejection(SendPostRequest.self, .init(text: tooLong))
        == "the text has 10001 characters, at most 10000 are allowed")
    #expect(await rejection(SendPostRequest.self, .init(text: " \n ")) == "the text is empty")
    #expect(await rejection(SendCommentRequest.self, .init(pid: 1, text: "")) == "the text is empty")
    #expect(await rejection(SendCommentRequest.self, .init(pid: 1, text: tooLong)) != nil)
    #expect(http.requests.isEmpty)
  }

  /// The server counts Unicode scalars: an emoji of four scalars is four, a flag two.
  @Test func textIsCountedInUnicodeScalars() async throws {
    let family = "👨‍👩‍👧"  // one grapheme cluster, five scalars
    let text = String(repeating: family, count: 2_000)  // 2,000 clusters, 10,000 scalars
    _ = try client.request(SendPostRequest.self, .init(text: text)).httpRequest()
    #expect(
      await rejection(SendPostRequest.self, .init(text: text + "a"))
        == "the text has 10001 characters, at most 10000 are allowed")
    let option = String(repeating: "🇨🇳", count: 8)  // 8 clusters, 16 scalars
    #expect(await rejection(SendPostRequest.self, .init(text: "v", voteOptions: [option, "b"])) != nil)
  }

  @Test func exactlyTheLimitPasses() throws {
    let longest = String(repeating: "字", count: APILimits.maximumTextLength)
    _ = try client.request(SendPostRequest.self, .init(text: longest)).httpRequest()
    let biggest = Data(count: APILimits.maximumImageBytes)
    _ = try client.request(SendPostRequest.self, .init(text: "", image: biggest)).httpRequest()
    let options = ["123456789012345", "b", "c", "d"]
    _ = try client.request(SendPostRequest.self, .init(text: "v", voteOptions: options)).httpRequest()
    _ = try client.request(SearchRequest.self, .init(keywords: String(repeating: "k", count: 30), page: 100))
      .httpRequest()
  }

  @Test func images() async {
    let tooBig = Data(count: APILimits.maximumImageBytes + 1)
    #expect(
      await rejection(SendPostRequest.self, .init(text: "", image: tooBig))
        == "the image has 2000001 bytes, at most 2000000 (2 MB) are allowed")
    #expect(await rejection(SendCommentRequest.self, .init(pid: 1, text: "", image: Data())) == "the image is empty")
    #expect(http.requests.isEmpty)
  }

  @Test func voteOptions() async {
    func options(_ options: [String]) async -> String? {
      await rejection(SendPostRequest.self, .init(text: "vote", voteOptions: options))
    }
    #expect(await options(["a", "b", "c", "d", "e"]) == "a vote needs 2...4 options, not 5")
    #expect(await options(["only"]) == "a vote needs 2...4 options, not 1")
    #expect(
      await options(["a", "1234567890123456"])
        == "the vote option \"1234567890123456\" has 16 characters, at most 15 are allowed")
    #expect(await options(["a", "a"]) == "the vote options repeat")
    #expect(await options(["a", " "]) == "a vote option is empty")
    #expect(await rejection(VoteRequest.self, .init(pid: 1, option: "")) == "the vote option is empty")
    #expect(http.requests.isEmpty)
  }

  @Test func searchKeywords() async {
    let tooLong = String(repeating: "猫", count: 31)
    #expect(
      await rejection(SearchRequest.self, .init(keywords: tooLong))
        == "the search keywords have 31 characters, at most 30 are allowed")
    #expect(await rejection(AttentionSearchRequest.self, .init(keywords: "  ")) == "the search keywords are empty")
    // Counted as the server counts: 30 graphemes of two scalars each are 60 characters.
    let combined = String(repeating: "e\u{301}", count: 30)
    #expect(
      await rejection(SearchRequest.self, .init(keywords: combined))
        == "the search keywords have 60 characters, at most 30 are allowed")
    #expect(
      await rejection(SearchRequest.self, .init(keywords: "a", before: 100, after: 200))
        == "`after` (200) must be earlier than `before` (100)")
    #expect(http.requests.isEmpty)
  }

  @Test func pageRanges() async {
    #expect(await rejection(PostListRequest.self, .init(page: 0)) == "page must be 1...150, not 0")
    #expect(await rejection(PostListRequest.self, .init(page: 151)) == "page must be 1...150, not 151")
    #expect(await rejection(AttentionListRequest.self, .init(page: -1)) == "page must be 1...150, not -1")
    #expect(await rejection(SearchRequest.self, .init(keywords: "a", page: 101)) == "page must be 1...100, not 101")
    #expect(
      await rejection(AttentionSearchRequest.self, .init(keywords: "a", page: 0)) == "page must be 1...100, not 0")
    #expect(http.requests.isEmpty)
  }

  @Test func identifiers() async {
    #expect(await rejection(PostDetailRequest.self, .init(pid: 0)) == "pid must be positive, not 0")
    #expect(await rejection(FollowRequest.self, .init(pid: -3, follow: true)) == "pid must be positive, not -3")
    #expect(
      await rejection(SendCommentRequest.self, .init(pid: 1, text: "x", replyTo: 0))
        == "reply_to_cid must be positive, not 0")
    #expect(
      await rejection(ReportRequest.self, .init(target: .comment(cid: 0), reason: "r"))
        == "the reported id must be positive, not 0")
    #expect(
      await rejection(ReportRequest.self, .init(target: .post(pid: 1), reason: " ")) == "the report reason is empty")
    #expect(http.requests.isEmpty)
  }
}
