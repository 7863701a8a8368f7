import Foundation
import HollowKit
import Testing

@Suite struct DefaultRequestTests {
  let client = ClientFixtures.client(body: WireFixtures.listPage).0
  let base = "http://example.test/api/v3/"

  @Test func getBuildsPathQueryVersionAndDevice() throws {
    let request = try client.request(PostListRequest.self, .init(page: 2)).httpRequest()
    #expect(request.method == .get)
    #expect(request.url.absoluteString == base + "contents/post/list?page=2&v=v3.1.4&device=2")
    #expect(request.body == nil)
  }

  @Test func sendsTheTokenHeaderOnlyWhenThereIsOne() throws {
    let request = try client.request(RandomListRequest.self, .init()).httpRequest()
    #expect(request.headers["TOKEN"] == ClientFixtures.token)
    #expect(request.url.absoluteString == base + "contents/post/randomlist?v=v3.1.4&device=2")
    let anonymous = try client.withToken(nil).request(RandomListRequest.self, .init()).httpRequest()
    #expect(anonymous.headers["TOKEN"] == nil)
  }

  @Test func toleratesATrailingSlashInTheAPIRoot() throws {
    var client = client
    client.configuration.apiRoot = URL(string: "http://example.test/api//")!
    let request = try client.request(SystemMessagesRequest.self, .init()).httpRequest()
    #expect(request.url.absoluteString == base + "contents/system_msg?v=v3.1.4&device=2")
  }

  @Test func searchEncodesKeywordsFlagsAndRange() throws {
    let parameters = SearchRequest.Parameters(keywords: "猫 狗", page: 3, includeComments: false, before: 200, after: 100)
    let request = try client.request(SearchRequest.self, parameters).httpRequest()
    #expect(
      request.url.absoluteString
        == base
        + "contents/search?keywords=%E7%8C%AB%20%E7%8B%97&page=3&include_comment=false&before=200&after=100&v=v3.1.4&device=2"
    )
    let followed = try client.request(AttentionSearchRequest.self, .init(keywords: "a", page: 2)).httpRequest()
    #expect(followed.url.absoluteString == base + "contents/search/attentions?keywords=a&page=2&v=v3.1.4&device=2")
  }

  @Test func detailAndAttentionsQueries() throws {
    let detail = try client.request(PostDetailRequest.self, .init(pid: 42, knownUpdatedAt: 1_690_000_000)).httpRequest()
    #expect(
      detail.url.absoluteString
        == base + "contents/post/detail?pid=42&include_comment=1&old_updated_at=1690000000&v=v3.1.4&device=2")
    let bare = try client.request(PostDetailRequest.self, .init(pid: 42, includeComments: false)).httpRequest()
    #expect(bare.url.absoluteString == base + "contents/post/detail?pid=42&include_comment=0&v=v3.1.4&device=2")
    let followed = try client.request(AttentionListRequest.self, .init(page: 1)).httpRequest()
    #expect(followed.url.absoluteString == base + "contents/post/attentions?page=1&v=v3.1.4&device=2")
  }

  @Test func postSendsAFormBodyAndKeepsOnlyVersionInTheQuery() throws {
    let parameters = SendPostRequest.Parameters(text: "午饭 lunch?", voteOptions: ["面", "饭"], tag: "刷屏")
    let request = try client.request(SendPostRequest.self, parameters).httpRequest()
    #expect(request.method == .post)
    #expect(request.url.absoluteString == base + "send/post?v=v3.1.4&device=2")
    #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    #expect(request.headers["TOKEN"] == ClientFixtures.token)
    let body = String(decoding: try #require(request.body), as: UTF8.self)
    #expect(
      body
        == "text=%E5%8D%88%E9%A5%AD%20lunch%3F&type=text&vote_options%5B%5D=%E9%9D%A2&vote_options%5B%5D=%E9%A5%AD"
        + "&tag=%E5%88%B7%E5%B1%8F")
  }

  @Test func imagesTravelAsPercentEncodedBase64() throws {
    let image = Data([0xFB, 0xFF, 0xFE, 0x00])  // base64 "+//+AA==" exercises + / =
    let request = try client.request(SendCommentRequest.self, .init(pid: 9, text: "", image: image, replyTo: 3))
      .httpRequest()
    #expect(request.url.absoluteString == base + "send/comment?v=v3.1.4&device=2")
    let body = String(decoding: try #require(request.body), as: UTF8.self)
    #expect(body == "pid=9&text=&type=image&data=%2B%2F%2F%2BAA%3D%3D&reply_to_cid=3")
  }

  @Test func otherWritesHaveTheirPathsAndFields() throws {
    func body(_ request: HTTPClientRequest) -> String { String(decoding: request.body ?? Data(), as: UTF8.self) }
    let vote = try client.request(VoteRequest.self, .init(pid: 5, option: "B")).httpRequest()
    #expect(vote.url.path == "/api/v3/send/vote")
    #expect(body(vote) == "pid=5&option=B")
    let follow = try client.request(FollowRequest.self, .init(pid: 5, follow: true)).httpRequest()
    let unfollow = try client.request(FollowRequest.self, .init(pid: 5, follow: false)).httpRequest()
    #expect(follow.url.path == "/api/v3/edit/attention")
    #expect(body(follow) == "pid=5&switch=1")
    #expect(body(unfollow) == "pid=5&switch=0")
    let reportPost = try client.request(ReportRequest.self, .init(target: .post(pid: 5), reason: "广告")).httpRequest()
    #expect(reportPost.url.path == "/api/v3/edit/report/post")
    #expect(body(reportPost) == "id=5&type=report&reason=%E5%B9%BF%E5%91%8A")
    let fold = ReportRequest.Parameters(target: .comment(cid: 8), action: "fold", reason: "x")
    let reportComment = try client.request(ReportRequest.self, fold).httpRequest()
    #expect(reportComment.url.path == "/api/v3/edit/report/comment")
    #expect(body(reportComment) == "id=8&type=fold&reason=x")
  }

  @Test func performSendsTheBuiltRequestAndDecodes() async throws {
    let (client, http) = ClientFixtures.client(body: WireFixtures.listPage)
    let request = client.request(PostListRequest.self, .init(page: 1))
    let page = try await request.perform()
    #expect(page.posts.map(\.pid) == [101, 100, 99])
    #expect(http.requests == [try request.httpRequest()])
  }

  @Test func transformsShapeWhatCallersGet() async throws {
    #expect(
      try await ClientFixtures.client(body: WireFixtures.sentPost).0.perform(SendPostRequest.self, .init(text: "hi"))
        == 12345)
    #expect(
      try await ClientFixtures.client(body: WireFixtures.sentComment).0.perform(
        SendCommentRequest.self, .init(pid: 1, text: "hi")) == 678)
    let vote = try await ClientFixtures.client(body: WireFixtures.voteResult).0.perform(
      VoteRequest.self, .init(pid: 1, option: "A"))
    #expect(vote.count(for: "A") == 1)
    let messages = try await ClientFixtures.client(body: WireFixtures.systemMessages).0.perform(
      SystemMessagesRequest.self, .init())
    #expect(messages.map(\.title) == ["欢迎"])
    try await ClientFixtures.client(body: #"{"code":0}"#).0.perform(
      ReportRequest.self, .init(target: .post(pid: 1), reason: "r"))
  }

  @Test func theNameDropsTheContentsPrefix() {
    #expect(client.request(PostListRequest.self, .init()).name == "post/list")
    #expect(client.request(SearchRequest.self, .init(keywords: "a")).name == "search")
    #expect(client.request(SendPostRequest.self, .init(text: "a")).name == "send/post")
  }

  @Test func aCancelledTaskSendsNothing() async throws {
    let (client, http) = ClientFixtures.client(body: WireFixtures.listPage)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await ClientFixtures.failure { () async throws(HollowError) in
        try await client.perform(PostListRequest.self, .init())
      }
    }
    let error = await task.value
    #expect(error?.kind == .transport(.cancelled))
    #expect(error?.isCancellation == true)
    #expect(http.requests.isEmpty)
  }
}
