import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One write the demo server accepted, as the demo state file keeps it: the server's state is the data set
/// its seed generates with every operation applied in order, so replaying the file rebuilds it exactly
/// (timestamps and numbers included), in this process or the next.
///
/// ```swift
/// var data = DataSetGenerator.generate(seed: 1, postCount: 320)
/// try DemoOperation.follow(pid: 40_120, follow: true).apply(to: &data)
/// ```
enum DemoOperation: Codable, Sendable, Equatable {
  case post(NewPost)
  case comment(NewComment)
  case vote(pid: Int, option: String)
  case follow(pid: Int, follow: Bool)

  /// An uploaded image, already checked (size, format) when it was accepted.
  struct Upload: Codable, Sendable, Equatable {
    var path: String
    var contentType: String
    var width: Int
    var height: Int
    var bytes: Data
  }

  struct NewPost: Codable, Sendable, Equatable {
    var pid: Int
    var text: String
    var timestamp: Int
    var image: Upload?
    var voteOptions: [String]
    var tag: String?
  }

  struct NewComment: Codable, Sendable, Equatable {
    var cid: Int
    var pid: Int
    var text: String
    var timestamp: Int
    var image: Upload?
    var replyTo: Int?
  }

  /// Applies the operation to `data`, or throws what the API answers when it cannot (already voted, no such
  /// post...), leaving `data` unchanged.
  func apply(to data: inout DataSet) throws(APIFailure) {
    switch self {
    case .post(let new): try Self.add(new, to: &data)
    case .comment(let new): try Self.add(new, to: &data)
    case .vote(let pid, let option): try Self.vote(pid: pid, option: option, in: &data)
    case .follow(let pid, let follow): try Self.setFollowing(pid: pid, follow: follow, in: &data)
    }
  }

  private static func add(_ new: NewPost, to data: inout DataSet) throws(APIFailure) {
    guard data.posts[new.pid] == nil else { throw .invalid("#\(new.pid) already exists") }
    var post = Post(
      pid: new.pid, text: new.text, type: .text, timestamp: new.timestamp, updatedAt: new.timestamp, likeCount: 1,
      isFollowed: true, permissions: ["report", "delete"], tag: new.tag)
    if let image = new.image {
      post.type = .image
      post.imagePath = image.path
      post.imageMetadata = ImageMetadata(width: image.width, height: image.height)
      data.images[image.path] = .uploaded(bytes: Array(image.bytes), contentType: image.contentType)
    } else if !new.voteOptions.isEmpty {
      post.type = .vote
      post.vote = Vote(
        voted: nil, options: new.voteOptions, counts: Dictionary(uniqueKeysWithValues: new.voteOptions.map { ($0, 0) })
      )
    }
    data.posts[new.pid] = PostRecord(post: post, comments: [], authoredByUser: true)
    data.timeline.insert(new.pid, at: 0)
    data.nextPid = max(data.nextPid, new.pid + 1)
  }

  private static func add(_ new: NewComment, to data: inout DataSet) throws(APIFailure) {
    guard var record = data.posts[new.pid] else { throw .noSuchPost }
    if let replyTo = new.replyTo, !record.comments.contains(where: { $0.cid == replyTo }) {
      throw .invalid("回复的评论不存在 (no comment \(replyTo) in #\(new.pid))")
    }
    guard data.commentOwners[new.cid] == nil else { throw .invalid("comment \(new.cid) already exists") }
    let name = record.authoredByUser ? DemoText.dzName : (record.userName ?? record.nextFreshName)
    if !record.authoredByUser { record.userName = name }
    var comment = Comment(
      cid: new.cid, pid: new.pid, text: new.text, timestamp: new.timestamp, replyTo: new.replyTo, name: name,
      isDZ: record.authoredByUser, permissions: ["report", "delete"])
    if let image = new.image {
      comment.type = .image
      comment.imagePath = image.path
      comment.imageMetadata = ImageMetadata(width: image.width, height: image.height)
      data.images[image.path] = .uploaded(bytes: Array(image.bytes), contentType: image.contentType)
    }
    record.comments.append(comment)
    record.post.replyCount = record.comments.count
    // Strictly increasing, so a client comparing updated_at never misses a comment made in the same second.
    record.post.updatedAt = max(new.timestamp, record.post.updatedAt + 1)
    data.posts[new.pid] = record
    data.commentOwners[new.cid] = new.pid
    data.nextCid = max(data.nextCid, new.cid + 1)
  }

  private static func vote(pid: Int, option: String, in data: inout DataSet) throws(APIFailure) {
    guard var record = data.posts[pid] else { throw .noSuchPost }
    guard var vote = record.post.vote else { throw .invalid("这条树洞没有投票 (#\(pid) has no vote)") }
    guard vote.voted == nil else { throw .invalid("已经投过票了 (already voted)") }
    guard vote.options.contains(option) else { throw .invalid("没有这个选项 (no option \(option))") }
    vote.voted = option
    vote.counts[option, default: 0] += 1
    record.post.vote = vote
    data.posts[pid] = record
  }

  private static func setFollowing(pid: Int, follow: Bool, in data: inout DataSet) throws(APIFailure) {
    guard var record = data.posts[pid] else { throw .noSuchPost }
    guard record.post.isFollowed != follow else {
      throw .invalid(follow ? "已经关注过了 (already following)" : "没有关注这条树洞 (not following)")
    }
    record.post.isFollowed = follow
    record.post.likeCount += follow ? 1 : -1
    data.posts[pid] = record
  }
}
