import HollowKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server's data: the generated set plus the user's writes, behind one lock.
///
/// There is one user (whoever holds the token): follows, votes and "洞主" authorship are theirs.
final class DataStore: Sendable {
  static let pageSize = 30
  static let previewComments = 3
  static let randomPageSize = 15

  private struct State {
    var data: DataSet
    var random: SeededGenerator
  }

  private let state: Mutex<State>
  private let maxImageBytes: Int

  init(seed: UInt64, postCount: Int, maxImageBytes: Int) {
    state = Mutex(
      State(
        data: DataSetGenerator.generate(seed: seed, postCount: postCount),
        random: SeededGenerator(seed: seed ^ 0xC0FF_EE00)))
    self.maxImageBytes = maxImageBytes
  }

  // MARK: Reading

  /// Page `number` (from 1) of the timeline; page 1 starts with the pinned posts and has the config.
  func timelinePage(_ number: Int) -> PostPage {
    state.withLock { state in
      let data = state.data
      var pids = Self.slice(data.timeline, page: number)
      if number == 1 { pids = data.pinned + pids }
      return Self.page(pids, in: data, config: number == 1 ? data.config : nil)
    }
  }

  /// Fifteen random posts, without comments or config.
  func randomPage() -> PostPage {
    state.withLock { state in
      let posts = Array(state.data.timeline.shuffled(using: &state.random).prefix(Self.randomPageSize))
        .compactMap { state.data.posts[$0]?.view }
      return PostPage(posts: posts, comments: nil)
    }
  }

  /// Page `number` of the followed posts, newest pid first, optionally only those matching `keywords`.
  func followedPage(_ number: Int, keywords: [String]? = nil) -> PostPage {
    state.withLock { state in
      let data = state.data
      guard let keywords else { return Self.page(Self.slice(data.followed, page: number), in: data, config: nil) }
      return Self.search(in: data.followed, of: data, keywords: keywords, page: number, includeComments: true)
    }
  }

  /// Posts whose text (or, with `includeComments`, one of whose comments) contains any keyword.
  func search(keywords: [String], page: Int, includeComments: Bool, before: Int?, after: Int?) -> PostPage {
    state.withLock { state in
      let data = state.data
      let candidates = (data.pinned + data.timeline).sorted(by: >).filter { pid in
        guard let timestamp = data.posts[pid]?.post.timestamp else { return false }
        return timestamp < (before ?? .max) && timestamp > (after ?? .min)
      }
      return Self.search(in: candidates, of: data, keywords: keywords, page: page, includeComments: includeComments)
    }
  }

  /// The post and, unless omitted, its comments.
  func detail(pid: Int, includeComments: Bool, knownUpdatedAt: Int?) throws(APIFailure) -> PostDetail {
    let record = try state.withLock { state throws(APIFailure) in try Self.record(pid, in: state.data) }
    let current = knownUpdatedAt == record.post.updatedAt
    return PostDetail(post: record.view, comments: includeComments && !current ? record.comments : nil)
  }

  var systemMessages: SystemMessageList {
    state.withLock { SystemMessageList(messages: $0.data.systemMessages) }
  }

  /// The image stored at `path` (`ab/abcdef….png`).
  func image(at path: String) -> StoredImage? {
    state.withLock { $0.data.images[path] }
  }

  // MARK: Writing

  /// Adds a post by the user (who then follows it); returns its pid.
  func sendPost(text: String, image: [UInt8]?, voteOptions: [String], tag: String?) throws(APIFailure) -> Int {
    let now = Self.now
    let attachment = try image.map { bytes throws(APIFailure) in try storeImage(bytes) }
    return state.withLock { state in
      let pid = state.data.nextPid
      state.data.nextPid += 1
      var post = Post(
        pid: pid, text: text, type: .text, timestamp: now, updatedAt: now, likeCount: 1, isFollowed: true,
        permissions: ["report", "delete"], tag: tag)
      if let attachment {
        post.type = .image
        post.imagePath = attachment.path
        post.imageMetadata = attachment.metadata
      } else if !voteOptions.isEmpty {
        post.type = .vote
        post.vote = Vote(
          voted: nil, options: voteOptions, counts: Dictionary(uniqueKeysWithValues: voteOptions.map { ($0, 0) }))
      }
      state.data.posts[pid] = PostRecord(post: post, comments: [], authoredByUser: true)
      state.data.timeline.insert(pid, at: 0)
      return pid
    }
  }

  /// Adds a comment by the user; bumps the post's `updated_at`. Returns the cid.
  func sendComment(pid: Int, text: String, image: [UInt8]?, replyTo: Int?) throws(APIFailure) -> Int {
    let now = Self.now
    let attachment = try image.map { bytes throws(APIFailure) in try storeImage(bytes) }
    return try state.withLock { state throws(APIFailure) in
      var record = try Self.record(pid, in: state.data)
      if let replyTo, !record.comments.contains(where: { $0.cid == replyTo }) {
        throw .invalid("回复的评论不存在 (no comment \(replyTo) in #\(pid))")
      }
      let name = record.authoredByUser ? DemoText.dzName : (record.userName ?? record.nextFreshName)
      if !record.authoredByUser { record.userName = name }
      let cid = state.data.nextCid
      state.data.nextCid += 1
      var comment = Comment(
        cid: cid, pid: pid, text: text, timestamp: now, replyTo: replyTo, name: name, isDZ: record.authoredByUser,
        permissions: ["report", "delete"])
      if let attachment {
        comment.type = .image
        comment.imagePath = attachment.path
        comment.imageMetadata = attachment.metadata
      }
      record.comments.append(comment)
      record.post.replyCount = record.comments.count
      // Strictly increasing, so a client comparing updated_at never misses a comment made in the same second.
      record.post.updatedAt = max(now, record.post.updatedAt + 1)
      state.data.posts[pid] = record
      state.data.commentOwners[cid] = pid
      return cid
    }
  }

  /// Casts the user's vote; returns the vote with its counts visible.
  func vote(pid: Int, option: String) throws(APIFailure) -> Vote {
    try state.withLock { state throws(APIFailure) in
      var record = try Self.record(pid, in: state.data)
      guard var vote = record.post.vote else { throw .invalid("这条树洞没有投票 (#\(pid) has no vote)") }
      guard vote.voted == nil else { throw .invalid("已经投过票了 (already voted)") }
      guard vote.options.contains(option) else { throw .invalid("没有这个选项 (no option \(option))") }
      vote.voted = option
      vote.counts[option, default: 0] += 1
      record.post.vote = vote
      state.data.posts[pid] = record
      return vote
    }
  }

  /// Follows or unfollows; doing the same twice fails. `updated_at` does not change.
  func setFollowing(pid: Int, follow: Bool) throws(APIFailure) -> Post {
    try state.withLock { state throws(APIFailure) in
      var record = try Self.record(pid, in: state.data)
      guard record.post.isFollowed != follow else {
        throw .invalid(follow ? "已经关注过了 (already following)" : "没有关注这条树洞 (not following)")
      }
      record.post.isFollowed = follow
      record.post.likeCount += follow ? 1 : -1
      state.data.posts[pid] = record
      return record.view
    }
  }

  func reportPost(pid: Int) throws(APIFailure) {
    _ = try state.withLock { state throws(APIFailure) in try Self.record(pid, in: state.data) }
  }

  func reportComment(cid: Int) throws(APIFailure) {
    try state.withLock { state throws(APIFailure) in
      guard state.data.commentOwners[cid] != nil else { throw .invalid("没有这条评论 (no comment \(cid))") }
    }
  }

  // MARK: Helpers

  private static var now: Int {
    Int(Date().timeIntervalSince1970)
  }

  private static func record(_ pid: Int, in data: DataSet) throws(APIFailure) -> PostRecord {
    guard let record = data.posts[pid] else { throw .noSuchPost }
    return record
  }

  private func storeImage(_ bytes: [UInt8]) throws(APIFailure) -> (path: String, metadata: ImageMetadata) {
    guard bytes.count <= maxImageBytes else { throw .tooLarge("图片太大 (image larger than \(maxImageBytes) bytes)") }
    guard let sniffed = ImageSniffer.sniff(bytes) else { throw .invalid("不支持的图片格式 (not a PNG, JPEG or GIF)") }
    let path = ImagePath.make(hashing: bytes, fileExtension: sniffed.fileExtension)
    let contentType = sniffed.fileExtension == "jpeg" ? "image/jpeg" : "image/\(sniffed.fileExtension)"
    state.withLock { $0.data.images[path] = .uploaded(bytes: bytes, contentType: contentType) }
    return (path, ImageMetadata(width: sniffed.width, height: sniffed.height))
  }

  private static func slice(_ pids: [Int], page: Int) -> [Int] {
    let start = (page - 1) * pageSize
    guard page >= 1, start < pids.count else { return [] }
    return Array(pids[start..<min(start + pageSize, pids.count)])
  }

  /// A page of `pids` with the first comments of each post that has any.
  private static func page(_ pids: [Int], in data: DataSet, config: FrontendConfig?) -> PostPage {
    let records = pids.compactMap { data.posts[$0] }
    var comments: [Int: [Comment]] = [:]
    for record in records where !record.comments.isEmpty {
      comments[record.post.pid] = Array(record.comments.prefix(previewComments))
    }
    return PostPage(posts: records.map(\.view), comments: comments, config: config)
  }

  /// Matches any keyword, case-insensitively; `comments` holds only the matching comments.
  private static func search(
    in pids: [Int], of data: DataSet, keywords: [String], page: Int, includeComments: Bool
  ) -> PostPage {
    let needles = keywords.map { $0.lowercased() }
    func matches(_ text: String) -> Bool {
      let haystack = text.lowercased()
      return needles.contains { haystack.contains($0) }
    }
    var hits: [Int] = []
    var matchingComments: [Int: [Comment]] = [:]
    for pid in pids {
      guard let record = data.posts[pid] else { continue }
      let commentHits = includeComments ? record.comments.filter { matches($0.text) } : []
      guard matches(record.post.text) || !commentHits.isEmpty else { continue }
      hits.append(pid)
      if !commentHits.isEmpty { matchingComments[pid] = commentHits }
    }
    let shown = slice(hits, page: page)
    let comments = matchingComments.filter { shown.contains($0.key) }
    return PostPage(posts: shown.compactMap { data.posts[$0]?.view }, comments: comments, config: nil)
  }
}
