import HollowKit
import TestScheduling
import Testing

@testable import HollowServer

@Suite(.offCooperativePool) struct DataSetGeneratorTests {
  @Test func theSameSeedGivesTheSameAnswers() throws {
    let first = try withServer(ServerConfiguration(seed: 42)) { _, port in
      try (1...3).map { try TestClient(port: port).get("/v3/contents/post/list?page=\($0)").body }
    }
    let second = try withServer(ServerConfiguration(seed: 42)) { _, port in
      try (1...3).map { try TestClient(port: port).get("/v3/contents/post/list?page=\($0)").body }
    }
    let other = try withServer(ServerConfiguration(seed: 43)) { _, port in
      try TestClient(port: port).get("/v3/contents/post/list?page=1").body
    }
    #expect(first == second)
    #expect(first[0] != other)
  }

  @Test(arguments: [1, 2, 99] as [UInt64])
  func everyQuirkOccurs(seed: UInt64) throws {
    let data = DataSetGenerator.generate(seed: seed, postCount: 320)
    let all = Array(data.posts.values)
    let deleted = all.filter(\.isDeleted)
    let records = all.filter { !$0.isDeleted }
    let posts = records.map(\.post)
    #expect(records.count == 320 && data.timeline.count + data.pinned.count == records.count)
    #expect(data.pinned.count == DataStoreShape.pinnedCount)
    #expect(posts.contains { $0.type == .image } && posts.contains { $0.type == .text })
    #expect(posts.allSatisfy { $0.type != .vote }, "a poll is not a type")
    #expect(
      posts.contains { $0.type == .text && $0.vote != nil } && posts.contains { $0.type == .image && $0.vote != nil })
    #expect(posts.contains { $0.imagePath != nil && $0.imageMetadata == nil }, "image_metadata {} with a url")
    #expect(posts.contains { $0.tag == nil } && posts.contains { $0.tag != nil })
    #expect(records.contains { $0.post.tag == nil && $0.shownTag == "举报较多" }, "a post reported three times")
    #expect(posts.contains { $0.vote?.voted != nil } && posts.contains { $0.vote != nil && $0.vote?.voted == nil })
    #expect(
      records.contains { $0.view(for: .user, now: 0, offsets: .init(enabled: false)).vote?.areCountsHidden == true })
    #expect(posts.contains(where: \.isFollowed) && posts.contains { !$0.isFollowed })
    #expect(!deleted.isEmpty && deleted.allSatisfy(\.post.isFollowed), "deleted posts among the followed ones")
    #expect(
      records.contains { $0.comments.count > 3 && $0.comments.prefix(3).allSatisfy(\.isDeleted) },
      "a pid whose first three comments were deleted")
    #expect(!data.userMessages.isEmpty && !data.systemMessages.isEmpty)
    #expect(posts.contains { $0.text.unicodeScalars.contains { $0.value > 0x4E00 } })
    #expect(posts.contains { $0.text.contains { $0.isASCII && $0.isLetter } })

    let cited = posts.map { (pid: $0.pid, quotes: Quotes.pids(in: $0.text)) }
    #expect(cited.contains { $0.quotes.contains($0.pid) }, "a post quoting itself")
    #expect(cited.contains { $0.quotes.contains { data.posts[$0] == nil } }, "a post quoting a missing pid")
    #expect(cited.contains { $0.quotes.filter { data.posts[$0] != nil }.count >= 2 }, "a post quoting several")

    let comments = records.flatMap(\.comments)
    #expect(comments.contains(where: \.isDZ) && comments.contains { !$0.isDZ })
    #expect(comments.filter(\.isDZ).allSatisfy { $0.name == "洞主" })
    #expect(comments.contains { $0.replyTo != nil } && comments.contains { $0.imagePath != nil })
    #expect(records.contains { $0.comments.isEmpty } && records.contains { $0.comments.count > 3 })
    for record in records {
      #expect(record.post.replyCount == record.visibleComments.count)
      #expect(record.post.updatedAt >= record.post.timestamp)
      let cids = Set(record.comments.map(\.cid))
      #expect(record.comments.allSatisfy { $0.replyTo.map(cids.contains) ?? true })
    }
    let imagePaths = posts.compactMap(\.imagePath) + comments.compactMap(\.imagePath)
    #expect(imagePaths.allSatisfy { data.images[$0] != nil })
  }
}
