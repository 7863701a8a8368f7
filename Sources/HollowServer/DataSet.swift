import HollowKit

/// One post with everything the server keeps about it.
struct PostRecord: Sendable {
  /// The post as the user sees it, except that `vote.counts` are the true counts even before the
  /// user voted (``view`` hides them).
  var post: Post
  var comments: [Comment]
  /// The user wrote the post, so the user's comments are signed "洞主".
  var authoredByUser = false
  /// The user's pseudonym in this thread once the user has commented.
  var userName: String?

  /// The post as the API shows it: counts are `-1` until the user has voted.
  var view: Post {
    var shown = post
    if var vote = shown.vote, vote.voted == nil {
      vote.counts = vote.counts.mapValues { _ in Vote.hiddenCount }
      shown.vote = vote
    }
    return shown
  }

  /// A pseudonym not yet used in this thread.
  var nextFreshName: String {
    let used = Set(comments.map(\.name))
    return DemoText.names.first { !used.contains($0) } ?? "Anonymous \(used.count + 1)"
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
  var posts: [Int: PostRecord] = [:]
  /// Pids of regular posts, newest first (pinned posts are not here).
  var timeline: [Int] = []
  /// Pids shown at the top of list page 1.
  var pinned: [Int] = []
  /// Image files by their path relative to the image base (`ab/abcdef….png`).
  var images: [String: StoredImage] = [:]
  /// The pid each comment belongs to.
  var commentOwners: [Int: Int] = [:]
  var nextPid = 1
  var nextCid = 1
  var config = FrontendConfig(webFrontendVersion: "", announcement: "")
  var systemMessages: [SystemMessage] = []

  /// Followed pids, newest first.
  var followed: [Int] {
    posts.values.filter(\.post.isFollowed).map(\.post.pid).sorted(by: >)
  }
}
