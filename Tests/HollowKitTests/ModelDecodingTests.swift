import Foundation
import HollowKit
import Testing

@Suite struct ModelDecodingTests {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws(DecodingFailure) -> T {
    try WireFormat.decode(T.self, from: Data(json.utf8))
  }

  /// Encodes `value` and compares it, as a JSON tree, with `json` (key order and spacing ignored).
  private func expectSameShape<T: Encodable>(_ value: T, as json: String) throws {
    let encoded = try JSONSerialization.jsonObject(with: WireFormat.encode(value)) as? NSDictionary
    let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
    #expect(encoded != nil)
    #expect(encoded == original)
  }

  @Test func listPageDecodesEveryQuirk() throws {
    let page = try decode(PostPage.self, WireFixtures.listPage)
    #expect(page.count == 3)
    #expect(page.posts.map(\.pid) == [101, 100, 99])
    let text = page.posts[0]
    #expect(text.type == .text && text.tag == nil && text.imagePath == nil && text.imageMetadata == nil)
    #expect(text.vote == nil && text.isFollowed && text.updatedAt == 1_700_000_500 && text.likeCount == 5)
    let image = page.posts[1]
    #expect(image.imagePath == "ab/abcdef0123.jpeg")
    #expect(image.imageMetadata == ImageMetadata(width: 640, height: 480))
    #expect(image.tag == "性相关")
    let vote = try #require(page.posts[2].vote)
    #expect(vote.voted == nil && vote.options == ["A", "B"] && vote.areCountsHidden && vote.count(for: "A") == nil)
    let comments = try #require(page.comments)
    #expect(Set(comments.keys) == [101, 99])
    #expect(comments[101]?.map(\.cid) == [5, 6])
    #expect(comments[101]?[0].isDZ == true && comments[101]?[0].name == "洞主" && comments[101]?[0].replyTo == nil)
    #expect(comments[101]?[1].replyTo == 5 && comments[101]?[1].imageMetadata == ImageMetadata(width: 10, height: 20))
    #expect(page.config == FrontendConfig(webFrontendVersion: "v2.1.0", announcement: "欢迎 welcome"))
  }

  @Test func otherPagesHaveNullConfigAndRandomListHasNoComments() throws {
    let second = try decode(PostPage.self, WireFixtures.secondPage)
    #expect(second.config == nil && second.comments == [:] && second.posts.isEmpty)
    let random = try decode(PostPage.self, WireFixtures.randomList)
    #expect(random.comments == nil && random.config == nil && random.posts.map(\.pid) == [7])
  }

  @Test func detailDecodesBothCodes() throws {
    let full = try decode(PostDetail.self, WireFixtures.detailWithComments)
    #expect(full.code == 0 && full.comments?.map(\.cid) == [7])
    #expect(full.post.vote?.voted == "B" && full.post.vote?.count(for: "B") == 4)
    let current = try decode(PostDetail.self, WireFixtures.detailCacheCurrent)
    #expect(current.code == PostDetail.commentsOmitted && current.comments == nil && current.post.pid == 7)
  }

  @Test func smallEnvelopesDecode() throws {
    #expect(try decode(SystemMessageList.self, WireFixtures.systemMessages).messages.first?.title == "欢迎")
    let expired = try decode(APIStatus.self, WireFixtures.tokenExpired)
    #expect(expired.code == APIStatus.tokenExpired && !expired.isSuccess && expired.msg?.isEmpty == false)
    #expect(try decode(APIStatus.self, WireFixtures.listPage).isSuccess)
    #expect(try decode(SentPost.self, WireFixtures.sentPost).pid == 12345)
    #expect(try decode(SentComment.self, WireFixtures.sentComment).cid == 678)
    #expect(try decode(VoteResult.self, WireFixtures.voteResult).vote.count(for: "B") == 0)
  }

  @Test(arguments: [
    WireFixtures.listPage, WireFixtures.secondPage, WireFixtures.randomList,
  ])
  func pagesRoundTripToTheWireShape(json: String) throws {
    let page = try decode(PostPage.self, json)
    try expectSameShape(page, as: json)
    #expect(try WireFormat.decode(PostPage.self, from: WireFormat.encode(page)) == page)
  }

  @Test func aConfigWithoutCommentsSurvivesTheCache() throws {
    // Found by the page fuzz target: the config was encoded only beside comments, so it was lost.
    let json = #"{"code":0,"count":0,"data":[],"config":{"web_frontend_version":"v1","announcement":"hi"}}"#
    let page = try decode(PostPage.self, json)
    #expect(page.comments == nil)
    #expect(page.config != nil)
    #expect(try WireFormat.decode(PostPage.self, from: WireFormat.encode(page)) == page)
  }

  @Test func envelopesRoundTripToTheWireShape() throws {
    try expectSameShape(
      try decode(PostDetail.self, WireFixtures.detailWithComments), as: WireFixtures.detailWithComments)
    try expectSameShape(
      try decode(PostDetail.self, WireFixtures.detailCacheCurrent), as: WireFixtures.detailCacheCurrent)
    try expectSameShape(
      try decode(SystemMessageList.self, WireFixtures.systemMessages), as: WireFixtures.systemMessages)
    try expectSameShape(try decode(APIStatus.self, WireFixtures.tokenExpired), as: WireFixtures.tokenExpired)
    try expectSameShape(try decode(SentPost.self, WireFixtures.sentPost), as: WireFixtures.sentPost)
    try expectSameShape(try decode(SentComment.self, WireFixtures.sentComment), as: WireFixtures.sentComment)
    try expectSameShape(try decode(VoteResult.self, WireFixtures.voteResult), as: WireFixtures.voteResult)
  }

  @Test func encodingWritesTheQuirks() throws {
    let post = Post(pid: 1, text: "x", type: .text, timestamp: 1, updatedAt: 1)
    let json = String(decoding: try WireFormat.encode(post), as: UTF8.self)
    #expect(json.contains(#""image_metadata":{}"#))
    #expect(json.contains(#""vote":{}"#))
    #expect(json.contains(#""url":"""#))
    #expect(json.contains(#""tag":null"#))
    let comment = Comment(cid: 1, pid: 1, text: "c", timestamp: 1, name: "洞主", isDZ: true)
    #expect(String(decoding: try WireFormat.encode(comment), as: UTF8.self).contains(#""reply_to":-1"#))
    let detail = PostDetail(post: post, comments: nil)
    let detailJSON = String(decoding: try WireFormat.encode(detail), as: UTF8.self)
    #expect(detailJSON.contains(#""data":null"#) && detailJSON.contains(#""code":1"#))
  }

  @Test(arguments: [
    (#""w":640"#, #""w":"640""#, "field `data[1].image_metadata.w`: expected Int, found String"),
    (#""pid":100,"#, "", "field `data[1].pid`: missing"),
    (#""tag":"性相关""#, #""tag":7"#, "field `data[1].tag`: expected String, found Number"),
    (#""tag":"性相关","#, "", "field `data[1].tag`: missing"),
    (#""type":"image""#, #""type":null"#, "field `data[1].type`: expected String, found null"),
    (#""voted":"""#, #""voted":false"#, "field `data[2].vote.voted`: expected String, found Bool"),
    (#""A":-1,"#, #""A":[],"#, "field `data[2].vote.vote_data.A`: expected Int, found Array"),
    (#""101":["#, #""x1":["#, "field `comments.x1`: expected Int, found String key"),
    (#""is_dz":true"#, #""is_dz":{}"#, "field `comments.101[0].is_dz`: expected Bool, found Object"),
  ])
  func errorsNameTheField(original: String, replacement: String, message: String) throws {
    let broken = WireFixtures.listPage.replacingOccurrences(of: original, with: replacement)
    #expect(broken != WireFixtures.listPage)
    let failure = try #require(throws: DecodingFailure.self) { try decode(PostPage.self, broken) }
    #expect(failure.description == message)
  }

  /// The real backend's page (a poll is `text`, or `image` with a picture) with every enum-like
  /// field replaced by a value no client has seen: the page still decodes, whole.
  @Test func everyEnumLikeFieldMayBeNew() throws {
    var json = WireFixtures.realShapedPage
    for (old, new) in [
      (#""type":"text""#, #""type":"video""#), (#""type":"image""#, #""type":"sticker""#),
      (#""report","fold""#, #""report","teleport","fold""#),
      (#""permissions":["report"]"#, #""permissions":["x-new"]"#),
      (#""tag":"性相关""#, #""tag":"新标签""#), (#""name":"Alice""#, #""name":"Zed the Third""#),
    ] {
      #expect(json.contains(old), "the fixture has \(old)")
      json = json.replacingOccurrences(of: old, with: new)
    }
    let page = try decode(PostPage.self, json)
    #expect(page.posts.map(\.pid) == [301, 300, 299])
    #expect(page.posts.map(\.type.rawValue) == ["video", "sticker", "video"])
    #expect(page.posts.allSatisfy { !$0.type.isKnown })
    #expect(page.posts[0].permissions == ["report", "teleport", "fold"])
    // A picture is known from `url` and `image_metadata`, a poll from `vote`, whatever `type` says.
    #expect(
      page.posts[1].imagePath == "ab/IMAGEPOLL.png" && page.posts[1].imageMetadata == ImageMetadata(width: 8, height: 6)
    )
    #expect(page.posts[1].vote?.options == ["甜", "咸"] && page.posts[2].vote?.options == ["A", "B"])
    #expect(page.posts[0].vote == nil && page.posts[0].imagePath == nil)
    let comments = try #require(page.comments?[301])
    #expect(comments.map(\.type.rawValue) == ["video", "sticker"] && comments[1].imagePath == "cd/C.jpeg")
    #expect(comments[1].name == "Zed the Third" && comments[1].permissions == ["x-new"])
    #expect(page.comments?[300] == [])
    try expectSameShape(page, as: json)
  }

  @Test func pollsAreRecognisedFromTheirVoteObject() throws {
    let page = try decode(PostPage.self, WireFixtures.realShapedPage)
    #expect(page.posts.map(\.type) == [.text, .image, .text])
    #expect(page.posts.map { $0.vote != nil } == [false, true, true])
    #expect(page.posts.allSatisfy { $0.type.isKnown })
  }

  @Test func invalidJSONIsReported() throws {
    let failure = try #require(throws: DecodingFailure.self) { try decode(PostPage.self, #"{"code":0,"#) }
    #expect(failure.description == "not valid JSON")
    let empty = try #require(throws: DecodingFailure.self) { try decode(Post.self, "[]") }
    #expect(empty.path.isEmpty && empty.description.contains("Object") == false)
  }
}
