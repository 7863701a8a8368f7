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
  case report(Report)

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
    /// Already trimmed, without empty ones or duplicates; a post may have both a picture and a poll.
    var voteOptions: [String]
    var tag: String?
  }

  struct NewComment: Codable, Sendable, Equatable {
    var cid: Int
    var pid: Int
    var text: String
    var timestamp: Int
    var image: Upload?
    /// Stored as sent; nil is -1, a reply to the post.
    var replyTo: Int?
  }

  /// A report, fold or delete, already checked against the permissions the user had when it was sent.
  struct Report: Codable, Sendable, Equatable {
    var isComment: Bool
    var id: Int
    var type: String
    var reason: String
  }

  /// Applies the operation to `data`, or throws what the API answers when it cannot (already voted, no such
  /// post...), leaving `data` unchanged.
  func apply(to data: inout DataSet) throws(APIFailure) {
    switch self {
    case .post(let new): try Self.add(new, to: &data)
    case .comment(let new): try Self.add(new, to: &data)
    case .vote(let pid, let option): try Self.vote(pid: pid, option: option, in: &data)
    case .follow(let pid, let follow): try Self.setFollowing(pid: pid, follow: follow, in: &data)
    case .report(let report): try Self.apply(report, to: &data)
    }
  }

  private static func add(_ new: NewPost, to data: inout DataSet) throws(APIFailure) {
    guard data.posts[new.pid] == nil else { throw .invalid("#\(new.pid) already exists") }
    // The author follows a new post.
    var post = Post(
      pid: new.pid, text: new.text, type: .text, timestamp: new.timestamp, updatedAt: new.timestamp, likeCount: 1,
      isFollowed: true, permissions: ["report", "fold"], tag: new.tag)
    if let image = new.image {
      post.type = .image
      post.imagePath = image.path
      post.imageMetadata = ImageMetadata(width: image.width, height: image.height)
      data.images[image.path] = .uploaded(bytes: Array(image.bytes), contentType: image.contentType)
    }
    if !new.voteOptions.isEmpty {
      post.vote = Vote(
        voted: nil, options: new.voteOptions, counts: Dictionary(uniqueKeysWithValues: new.voteOptions.map { ($0, 0) })
      )
    }
    data.posts[new.pid] = PostRecord(post: post, comments: [], authoredByUser: true)
    data.timeline.insert(new.pid, at: 0)
    data.nextPid = max(data.nextPid, new.pid + 1)
  }

  private static func add(_ new: NewComment, to data: inout DataSet) throws(APIFailure) {
    guard var record = data.visible(new.pid) else { throw .noSuchPost }
    if let replyTo = new.replyTo, replyTo > 0,
      !record.comments.contains(where: { $0.cid == replyTo && !$0.isDeleted })
    {
      throw .invalid("找不到你要评论的树洞")
    }
    guard data.commentOwners[new.cid] == nil else { throw .invalid("comment \(new.cid) already exists") }
    let name = record.authoredByUser ? DemoText.dzName : (record.userName ?? record.nextFreshName)
    if !record.authoredByUser { record.userName = name }
    var comment = Comment(
      cid: new.cid, pid: new.pid, text: new.text, timestamp: new.timestamp, replyTo: new.replyTo, name: name,
      isDZ: record.authoredByUser, permissions: ["report"])
    if let image = new.image {
      comment.type = .image
      comment.imagePath = image.path
      comment.imageMetadata = ImageMetadata(width: image.width, height: image.height)
      data.images[image.path] = .uploaded(bytes: Array(image.bytes), contentType: image.contentType)
    }
    record.comments.append(comment)
    record.post.replyCount = record.visibleComments.count
    // A commenter becomes a follower.
    if !record.post.isFollowed {
      record.post.isFollowed = true
      record.post.likeCount += 1
    }
    // Strictly increasing, so a client comparing updated_at never misses a comment made in the same second.
    record.post.updatedAt = max(new.timestamp, record.post.updatedAt + 1)
    data.posts[new.pid] = record
    data.commentOwners[new.cid] = new.pid
    data.nextCid = max(data.nextCid, new.cid + 1)
  }

  private static func vote(pid: Int, option: String, in data: inout DataSet) throws(APIFailure) {
    guard var record = data.visible(pid) else { throw .invalid("投票失败，pid不存在") }
    guard var vote = record.post.vote, vote.options.contains(option) else { throw .invalid("投票失败，选项不存在") }
    guard vote.voted == nil else { throw .invalid("投票失败，已经投过票了") }
    vote.voted = option
    vote.counts[option, default: 0] += 1
    record.post.vote = vote
    data.posts[pid] = record
  }

  private static func setFollowing(pid: Int, follow: Bool, in data: inout DataSet) throws(APIFailure) {
    guard var record = data.visible(pid) else { throw .invalid("关注失败，pid不存在") }
    guard record.post.isFollowed != follow else { throw .invalid(follow ? "您已经关注过了" : "您已经取消关注了") }
    record.post.isFollowed = follow
    record.post.likeCount += follow ? 1 : -1
    data.posts[pid] = record
  }

  private static func apply(_ report: Report, to data: inout DataSet) throws(APIFailure) {
    let pid: Int
    if report.isComment {
      guard let found = data.visibleComment(report.id) else { throw .noSuchPost }
      pid = found.record.post.pid
    } else {
      guard data.visible(report.id) != nil else { throw .noSuchPost }
      pid = report.id
    }
    let key = DataSet.reportKey(isComment: report.isComment, id: report.id, type: report.type)
    if report.type == "report" || report.type == "fold" {
      guard !data.userReports.contains(key) else { throw .invalid("已经举报过了，举报失败。") }
      data.userReports.insert(key)
    }
    guard !report.isComment, var record = data.posts[pid] else { return }
    switch report.type {
    case "report":
      record.reportCount += 1
    case "fold" where record.authoredByUser:
      // The author's own fold tags the post at once; others' folds need a second reporter.
      record.post.tag = report.reason
    case "delete":
      record.post.isDeleted = true
      data.timeline.removeAll { $0 == pid }
      data.pinned.removeAll { $0 == pid }
    default:
      break
    }
    data.posts[pid] = record
  }
}
