import Foundation
import HollowKit
import HollowServer
import TestScheduling
import Testing

@Suite(.offCooperativePool) struct APIHandlersTests {
  /// Rate limits off: these tests send requests back to back; the limits have their own rows in ConformanceTests.
  private static let configuration = ServerConfiguration(seed: 11, token: "secret", enforcesRateLimits: false)

  private func client(_ port: Int) throws -> TestClient {
    try TestClient(port: port, token: "secret")
  }

  @Test func listPagesHavePinnedPostsConfigAndStringKeyedComments() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let response = try client.get("/v3/contents/post/list?page=1&v=v3.0.0&device=2")
      #expect(response.status == 200 && response.headers["content-type"]?.hasPrefix("application/json") == true)
      #expect(response.text.contains(#""comments":{""#))
      let first = try response.decode(PostPage.self)
      #expect(first.code == 0 && first.config != nil)
      #expect(first.posts.count == DataStoreShape.pinnedCount + 30 && first.count == first.posts.count)
      #expect(first.posts.prefix(DataStoreShape.pinnedCount).allSatisfy { $0.text.hasPrefix("【置顶】") })
      let comments = try #require(first.comments)
      #expect(!comments.isEmpty && comments.values.allSatisfy { (0...3).contains($0.count) })
      for (pid, previews) in comments {
        let post = try #require(first.posts.first { $0.pid == pid })
        #expect(post.replyCount >= previews.count && previews.allSatisfy { $0.pid == pid })
      }
      #expect(first.posts.filter { $0.replyCount == 0 }.allSatisfy { comments[$0.pid]?.isEmpty ?? true })

      let second = try client.get("/v3/contents/post/list?page=2").decode(PostPage.self)
      #expect(second.config == nil && second.posts.count == 30)
      #expect(try client.get("/v3/contents/post/list?page=2").text.contains(#""config":null"#))
      let regular = first.posts.dropFirst(DataStoreShape.pinnedCount).map(\.pid) + second.posts.map(\.pid)
      #expect(regular == regular.sorted(by: >) && Set(regular).count == regular.count)
      let beyond = try client.get("/v3/contents/post/list?page=150").decode(PostPage.self)
      #expect(beyond.posts.isEmpty && beyond.count == 0)
      let invalid = try client.get("/v3/contents/post/list?page=abc").decode(APIStatus.self)
      #expect(invalid.code == APIStatus.failure && invalid.msg != nil)
    }
  }

  @Test func randomListHasUpToFifteenPostsWithoutCommentsOrConfig() throws {
    try withServer(Self.configuration) { _, port in
      let response = try client(port).get("/v3/contents/post/randomlist")
      let page = try response.decode(PostPage.self)
      #expect((0...15).contains(page.posts.count) && page.count == page.posts.count && page.comments == nil)
      #expect(!response.text.contains("comments") && !response.text.contains("config"))
    }
  }

  @Test func detailAnswersCodeOneWithNullDataWhenCommentsAreOmittedOrCurrent() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let page = try client.get("/v3/contents/post/list?page=1").decode(PostPage.self)
      let post = try #require(page.posts.first { $0.replyCount > 0 })
      let full = try client.get("/v3/contents/post/detail?pid=\(post.pid)&include_comment=1").decode(PostDetail.self)
      #expect(full.code == 0 && full.post == post && full.comments?.count == post.replyCount)
      #expect(full.comments?.prefix(3).map(\.cid) == page.comments?[post.pid]?.map(\.cid))
      let omitted = try client.get("/v3/contents/post/detail?pid=\(post.pid)&include_comment=0")
      #expect(omitted.text.contains(#""data":null"#))
      #expect(try omitted.decode(PostDetail.self).code == 1)
      let current = try client.get(
        "/v3/contents/post/detail?pid=\(post.pid)&include_comment=1&old_updated_at=\(post.updatedAt)")
      #expect(try current.decode(PostDetail.self).comments == nil && current.decode(PostDetail.self).code == 1)
      let stale = try client.get("/v3/contents/post/detail?pid=\(post.pid)&include_comment=1&old_updated_at=1")
      #expect(try stale.decode(PostDetail.self).code == 0)
    }
  }

  @Test func pidErrors() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      #expect(try client.get("/v3/contents/post/detail?pid=abc").decode(APIStatus.self).code == APIStatus.failure)
      #expect(
        try client.get("/v3/contents/post/detail?pid=9999999").decode(APIStatus.self).code == APIStatus.noSuchPost)
      let vote = try client.post("/v3/send/vote", form: [("pid", "x"), ("option", "A")])
      #expect(try vote.decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func tokenIsRequiredOnTheAPIButNotOnImages() throws {
    try withServer(Self.configuration) { _, port in
      let anonymous = try TestClient(port: port)
      let missing = try anonymous.get("/v3/contents/post/list?page=1")
      #expect(try missing.status == 200 && missing.decode(APIStatus.self).code == APIStatus.tokenExpired)
      let wrong = try TestClient(port: port, token: "guess")
      #expect(try wrong.get("/v3/contents/system_msg").decode(APIStatus.self).code == APIStatus.tokenExpired)
      let posted = try wrong.post("/v3/send/post", form: [("text", "hi"), ("type", "text")])
      #expect(try posted.decode(APIStatus.self).code == APIStatus.tokenExpired)
      let page = try client(port).get("/v3/contents/post/list?page=1").decode(PostPage.self)
      let image = try #require(page.posts.compactMap(\.imagePath).first ?? nil)
      #expect(try anonymous.get("/images/\(image)").status == 200)
    }
  }

  @Test func systemMessagesAndUnknownPaths() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let messages = try client.get("/v3/contents/system_msg").decode(SystemMessageList.self)
      #expect(messages.code == 0 && !messages.messages.isEmpty)
      let unknown = try client.get("/v3/nothing/here")
      #expect(unknown.status == 404 && unknown.text == "404 page not found")
      #expect(try client.get("/v3/send/post").status == 404)
      #expect(try client.get("/images/zz/none.png").status == 404)
    }
  }

  @Test func searchMatchesPostsAndComments() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let keyword = TestClient.escape("食堂")
      let page = try client.get("/v3/contents/search?keywords=\(keyword)&page=1&include_comment=false")
        .decode(PostPage.self)
      #expect(!page.posts.isEmpty && page.posts.count <= 30)
      #expect(page.posts.allSatisfy { $0.text.contains("食堂") })
      let withComments = try client.get(
        "/v3/contents/search?keywords=\(TestClient.escape("同问"))&page=1&include_comment=true"
      )
      .decode(PostPage.self)
      let matched = try #require(withComments.comments)
      #expect(!matched.isEmpty && matched.values.joined().allSatisfy { $0.text.contains("同问") })
      let before = try client.get(
        "/v3/contents/search?keywords=\(keyword)&page=1&include_comment=false&before=1700010000"
      )
      .decode(PostPage.self)
      #expect(before.posts.allSatisfy { $0.timestamp < 1_700_010_000 })
      let tooLong = String(repeating: "长", count: 31)
      let rejected = try client.get("/v3/contents/search?keywords=\(TestClient.escape(tooLong))&page=1")
      #expect(try rejected.decode(APIStatus.self).code == APIStatus.failure)
      #expect(
        try client.get("/v3/contents/search?keywords=a&page=101").decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func writesAreVisibleToTheWriter() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let sent = try client.post("/v3/send/post", form: [("text", "新帖 hello #40001"), ("type", "text"), ("tag", "")])
        .decode(SentPost.self)
      let top = try client.get("/v3/contents/post/list?page=1").decode(PostPage.self)
      #expect(top.posts.dropFirst(DataStoreShape.pinnedCount).first?.pid == sent.pid)
      #expect(top.posts.first { $0.pid == sent.pid }?.isFollowed == true)

      let before = try client.get("/v3/contents/post/detail?pid=\(sent.pid)").decode(PostDetail.self).post
      let comment = try client.post(
        "/v3/send/comment",
        form: [("pid", "\(sent.pid)"), ("text", "我自己的评论"), ("type", "text"), ("reply_to_cid", "-1")]
      ).decode(SentComment.self)
      let reply = try client.post(
        "/v3/send/comment",
        form: [("pid", "\(sent.pid)"), ("text", "reply"), ("type", "text"), ("reply_to_cid", "\(comment.cid)")])
      #expect(try reply.decode(SentComment.self).cid > comment.cid)
      let detail = try client.get("/v3/contents/post/detail?pid=\(sent.pid)").decode(PostDetail.self)
      #expect(detail.post.updatedAt > before.updatedAt && detail.post.replyCount == 2)
      #expect(detail.comments?.map(\.name) == ["洞主", "洞主"] && detail.comments?.allSatisfy(\.isDZ) == true)
      #expect(detail.comments?.last?.replyTo == comment.cid)

      let unfollowed = try client.post("/v3/edit/attention", form: [("pid", "\(sent.pid)"), ("switch", "0")])
        .decode(AttentionResult.self)
      #expect(!unfollowed.post.isFollowed && unfollowed.post.updatedAt == detail.post.updatedAt)
      let twice = try client.post("/v3/edit/attention", form: [("pid", "\(sent.pid)"), ("switch", "0")])
      #expect(try twice.decode(APIStatus.self).code == APIStatus.failure)
      _ = try client.post("/v3/edit/attention", form: [("pid", "\(sent.pid)"), ("switch", "1")]).decode(
        AttentionResult.self)
      let again = try client.post("/v3/edit/attention", form: [("pid", "\(sent.pid)"), ("switch", "1")])
      #expect(try again.decode(APIStatus.self).code == APIStatus.failure)
      let followed = try client.get("/v3/contents/post/attentions?page=1").decode(PostPage.self)
      #expect(followed.posts.first?.pid == sent.pid && followed.posts.allSatisfy(\.isFollowed))
      #expect(followed.posts.map(\.pid) == followed.posts.map(\.pid).sorted(by: >))
      let searchFollowed = try client.get("/v3/contents/search/attentions?keywords=hello&page=1").decode(PostPage.self)
      #expect(searchFollowed.posts.map(\.pid) == [sent.pid])
    }
  }

  @Test func strangersGetAPseudonymOnOthersPosts() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let page = try client.get("/v3/contents/post/list?page=2").decode(PostPage.self)
      let post = try #require(page.posts.first)
      _ = try client.post("/v3/send/comment", form: [("pid", "\(post.pid)"), ("text", "路过"), ("type", "text")]).decode(
        SentComment.self)
      _ = try client.post("/v3/send/comment", form: [("pid", "\(post.pid)"), ("text", "again"), ("type", "text")])
        .decode(
          SentComment.self)
      let comments = try #require(
        try client.get("/v3/contents/post/detail?pid=\(post.pid)").decode(PostDetail.self).comments)
      let mine = comments.suffix(2)
      #expect(mine.allSatisfy { !$0.isDZ && $0.name != "洞主" } && Set(mine.map(\.name)).count == 1)
      let empty = try client.post("/v3/send/comment", form: [("pid", "\(post.pid)"), ("text", ""), ("type", "text")])
      #expect(try empty.decode(APIStatus.self).code == APIStatus.failure)
      let missing = try client.post("/v3/send/comment", form: [("pid", "9999999"), ("text", "x"), ("type", "text")])
      #expect(try missing.decode(APIStatus.self).code == APIStatus.noSuchPost)
    }
  }

  @Test func votingRevealsCountsOnce() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      var open: Post?
      for page in 1...10 where open == nil {
        let posts = try client.get("/v3/contents/post/list?page=\(page)").decode(PostPage.self).posts
        open = posts.first { $0.vote != nil && $0.vote?.voted == nil }
      }
      let post = try #require(open)
      let vote = try #require(post.vote)
      #expect(vote.counts.values.allSatisfy { $0 == -1 })
      let option = try #require(vote.options.first)
      let result = try client.post("/v3/send/vote", form: [("pid", "\(post.pid)"), ("option", option)])
        .decode(VoteResult.self)
      #expect(result.vote.voted == option && !result.vote.areCountsHidden && (result.vote.count(for: option) ?? 0) >= 1)
      let seen = try client.get("/v3/contents/post/detail?pid=\(post.pid)").decode(PostDetail.self).post.vote
      #expect(seen == result.vote)
      let twice = try client.post("/v3/send/vote", form: [("pid", "\(post.pid)"), ("option", option)])
      #expect(try twice.decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func postsWithVotesAndImagesAndLimits() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let voteForm = [("text", "pick"), ("type", "text"), ("vote_options[]", "甜"), ("vote_options[]", "咸")]
      let votePid = try client.post("/v3/send/post", form: voteForm).decode(SentPost.self).pid
      let vote = try client.get("/v3/contents/post/detail?pid=\(votePid)").decode(PostDetail.self).post
      #expect(vote.type == .text && vote.vote?.options == ["甜", "咸"] && vote.vote?.areCountsHidden == true)

      let png = try client.get("/images/\(try firstImagePath(client))").body
      let imageForm = [("text", ""), ("type", "image"), ("data", Data(png).base64EncodedString())]
      let imagePid = try client.post("/v3/send/post", form: imageForm).decode(SentPost.self).pid
      let image = try client.get("/v3/contents/post/detail?pid=\(imagePid)").decode(PostDetail.self).post
      let path = try #require(image.imagePath)
      #expect(
        image.type == .image && path.hasSuffix(".png") && path.prefix(2) == path.split(separator: "/")[1].prefix(2))
      #expect(try client.get("/images/\(path)").body == png)
      #expect(image.imageMetadata == ImageMetadata(width: PNGFacts(png).width, height: PNGFacts(png).height))

      let fiveOptions = [("text", "x"), ("type", "text")] + (1...5).map { ("vote_options[]", "o\($0)") }
      #expect(try client.post("/v3/send/post", form: fiveOptions).decode(APIStatus.self).code == APIStatus.failure)
      let longOption = [
        ("text", "x"), ("type", "text"), ("vote_options[]", String(repeating: "a", count: 16)), ("vote_options[]", "b"),
      ]
      #expect(try client.post("/v3/send/post", form: longOption).decode(APIStatus.self).code == APIStatus.failure)
      let longText = [("text", String(repeating: "字", count: 10_001)), ("type", "text")]
      #expect(try client.post("/v3/send/post", form: longText).decode(APIStatus.self).code == APIStatus.failure)
      let notImage = [("text", "x"), ("type", "image"), ("data", Data("hello".utf8).base64EncodedString())]
      #expect(try client.post("/v3/send/post", form: notImage).decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func reports() throws {
    try withServer(Self.configuration) { _, port in
      let client = try client(port)
      let page = try client.get("/v3/contents/post/list?page=1").decode(PostPage.self)
      let post = try #require(page.posts.first)
      let comment = try #require(page.comments?.values.first?.first)
      #expect(
        try client.post("/v3/edit/report/post", form: [("id", "\(post.pid)"), ("type", "report"), ("reason", "spam")])
          .decode(APIStatus.self).code == 0)
      #expect(
        try client.post(
          "/v3/edit/report/comment", form: [("id", "\(comment.cid)"), ("type", "report"), ("reason", "spam")]
        )
        .decode(APIStatus.self).code == 0)
      #expect(
        try client.post("/v3/edit/report/post", form: [("id", "9999999"), ("reason", "x")])
          .decode(APIStatus.self).code == APIStatus.noSuchPost)
    }
  }

  private func firstImagePath(_ client: TestClient) throws -> String {
    let page = try client.get("/v3/contents/post/list?page=1").decode(PostPage.self)
    return try #require(page.posts.compactMap(\.imagePath).first)
  }
}

/// What the generated data set promises regardless of the seed.
enum DataStoreShape {
  static let pinnedCount = 2
}
