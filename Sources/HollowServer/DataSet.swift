import HollowKit

/// One post with everything the server keeps about it.
struct PostRecord: Sendable {
  /// The post as the demo user sees it, except that `vote.counts` are the true counts even before the
  /// user voted, and `permissions`, `tag`, `reply` and the timestamps are worked out by ``view(for:now:offsets:)``.
  var post: Post
  /// Every comment, deleted ones included (they are dropped for normal users, after the list's first 3 are
  /// counted).
  var comments: [Comment]
  /// The user wrote the post, so the user's comments are signed "洞主".
  var authoredByUser = false
  /// The user's pseudonym in this thread once the user has commented.
  var userName: String?
  /// How many times the post was reported; 3 tag an untagged post "举报较多".
  var reportCount = 0

  static let manyReportsTag = "举报较多"
  static let reportsForTag = 3
  /// How long a post's author may delete it.
  static let deleteWindow = 120

  var isDeleted: Bool { post.isDeleted }

  /// The comments a normal user sees, oldest first.
  var visibleComments: [Comment] {
    comments.filter { !$0.isDeleted }
  }

  /// The tag the API shows: the post's own, else "举报较多" once reported three times.
  var shownTag: String? {
    post.tag ?? (reportCount >= Self.reportsForTag ? Self.manyReportsTag : nil)
  }

  /// The post as the API shows it to `viewer` at `now`: counts are `-1` until the viewer has voted, an
  /// anonymous reader follows nothing and has voted on nothing, "delete" only on the user's own post for 120 s.
  func view(for viewer: Viewer, now: Int, offsets: TimestampOffsets) -> Post {
    var shown = post
    shown.replyCount = visibleComments.count
    shown.tag = shownTag
    shown.isDeleted = false
    if viewer == .anonymous { shown.isFollowed = false }
    if var vote = shown.vote {
      if viewer == .anonymous { vote.voted = nil }
      if vote.voted == nil { vote.counts = vote.counts.mapValues { _ in Vote.hiddenCount } }
      shown.vote = vote
    }
    shown.permissions = ["report", "fold"]
    if viewer == .user, authoredByUser, now - post.timestamp < Self.deleteWindow { shown.permissions.append("delete") }
    let offset = offsets.offset(for: viewer, item: post.pid)
    shown.timestamp -= offset
    shown.updatedAt -= offset
    return shown
  }

  /// A comment as the API shows it to `viewer`.
  static func view(_ comment: Comment, for viewer: Viewer, offsets: TimestampOffsets) -> Comment {
    var shown = comment
    shown.permissions = ["report"]
    shown.timestamp -= offsets.offset(for: viewer, item: comment.cid)
    return shown
  }

  /// The next pseudonym in this thread: "Alice" ... "Zach", "Angry Alice" ... "Zombie Zach", "You Win N".
  var nextFreshName: String {
    let used = Set(comments.filter { !$0.isDZ }.map(\.name))
    return DemoText.commenterName(used.count)
  }
}

/// The real backend subtracts a per-user, per-post (or per-comment) offset of 0...3 s from every
/// timestamp; the demo does when asked to (``ServerConfiguration/offsetsTimestamps``).
struct TimestampOffsets: Sendable {
  var enabled: Bool

  func offset(for viewer: Viewer, item: Int) -> Int {
    guard enabled else { return 0 }
    var generator = SeededGenerator(seed: viewer.offsetSeed ^ UInt64(truncatingIfNeeded: item))
    return Int(generator.next() % 4)
  }
}

/// An image the server can serve.
enum StoredImage: Sendable {
  /// Drawn on request from its size and tint, so the data set stays small in memory.
  case generated(width: Int, height: Int, tint: [UInt8])
  case uploaded(bytes: [UInt8], contentType: String)

  var bytes: [UInt8] {
    switch self {
    case .uploaded(let bytes, _):
      return bytes
    case .generated(let width, let height, let tint):
      return PNGEncoder.encode(width: width, height: height) { x, y in
        let checker: UInt8 = (x / 8 + y / 8) % 2 == 0 ? 40 : 0
        return (
          tint[0] &+ UInt8(truncatingIfNeeded: x) &+ checker, tint[1] &+ UInt8(truncatingIfNeeded: y),
          tint[2] &+ checker
        )
      }
    }
  }

  var contentType: String {
    switch self {
    case .generated: "image/png"
    case .uploaded(_, let contentType): contentType
    }
  }
}

/// Everything the server holds: generated from a seed, then changed by writes.
struct DataSet: Sendable {
  /// Every post, deleted ones included (only followed lists still name them, and drop them).
  var posts: [Int: PostRecord] = [:]
  /// Pids of regular posts, newest first (pinned and deleted posts are not here).
  var timeline: [Int] = []
  /// Pids shown at the top of list page 1.
  var pinned: [Int] = []
  /// Image files by their path relative to the image base (`ab/abcdef….png`).
  var images: [String: StoredImage] = [:]
  /// The pid each comment belongs to.
  var commentOwners: [Int: Int] = [:]
  /// The first pid: wander picks pids from here to the last one.
  var firstPid = 1
  var nextPid = 1
  var nextCid = 1
  var config = FrontendConfig(webFrontendVersion: "", announcement: "")
  var systemMessages: [SystemMessage] = []
  /// The user's notifications (`my_msgs`).
  var userMessages: [UserMessage] = []
  /// What the user has reported, as ``ReportKey``s: reporting the same thing the same way twice fails.
  var userReports: Set<String> = []

  /// Followed pids, newest first, deleted posts included.
  var followed: [Int] {
    posts.values.filter(\.post.isFollowed).map(\.post.pid).sorted(by: >)
  }

  /// The post behind `pid` unless it is missing or deleted.
  func visible(_ pid: Int) -> PostRecord? {
    guard let record = posts[pid], !record.isDeleted else { return nil }
    return record
  }

  /// The comment `cid` and its post, unless either is missing or deleted.
  func visibleComment(_ cid: Int) -> (record: PostRecord, comment: Comment)? {
    guard let pid = commentOwners[cid], let record = visible(pid),
      let comment = record.comments.first(where: { $0.cid == cid }), !comment.isDeleted
    else { return nil }
    return (record, comment)
  }

  static func reportKey(isComment: Bool, id: Int, type: String) -> String {
    "\(isComment ? "c" : "p"):\(id):\(type)"
  }
}
