import HollowKit

/// Builds the demo data set from a seed: the same seed always gives the same posts.
///
/// The set covers every wire quirk: text and image posts, polls (on text and on image posts), polls
/// already voted on and polls with hidden (-1) counts; tags and null tags, a post reported three times
/// ("举报较多"); an image whose `image_metadata` is `{}`; comments by 洞主 and by named strangers, some
/// replying to other comments, some deleted (one post's first three, so its list preview is `[]`); posts
/// citing earlier posts (one or several), missing pids and themselves; pinned posts; followed posts, some
/// of them deleted (so a followed page can be short); system messages and the user's notifications.
struct DataSetGenerator {
  static let baseTimestamp = 1_700_000_000
  static let firstPid = 40_000
  /// A pid far beyond the data set, cited to exercise "no such post".
  static let missingPid = 9_999_999

  private var random: SeededGenerator
  /// Draws what ``addRareShapes(_:)`` and the notifications need, leaving ``random``'s sequence as it was.
  private var extra: SeededGenerator
  private let seed: UInt64
  private var data = DataSet()
  private var gaps: [Int] = []

  init(seed: UInt64) {
    self.seed = seed
    random = SeededGenerator(seed: seed)
    extra = SeededGenerator(seed: seed ^ 0x5A4E_5EED)
  }

  static func generate(seed: UInt64, postCount: Int) -> DataSet {
    var generator = DataSetGenerator(seed: seed)
    return generator.build(postCount: max(0, postCount))
  }

  private mutating func build(postCount: Int) -> DataSet {
    var pid = Self.firstPid
    data.nextCid = 1_000_000
    data.firstPid = pid
    var chronological: [Int] = []
    for index in 0..<postCount {
      if random.chance(12) {
        gaps.append(pid)  // a missing post: citing it answers -101
        pid += 1
      }
      let post = makePost(pid: pid, index: index, earlier: chronological)
      data.posts[pid] = post
      chronological.append(pid)
      pid += 1
    }
    data.nextPid = pid
    let pinnedIndices = postCount >= 4 ? [postCount / 3, postCount / 2] : []
    data.pinned = pinnedIndices.map { chronological[$0] }
    for pinned in data.pinned {
      let text = data.posts[pinned]?.post.text ?? ""
      data.posts[pinned]?.post.text = "【置顶】" + text
    }
    data.timeline = chronological.reversed().filter { !data.pinned.contains($0) }
    data.config = FrontendConfig(
      webFrontendVersion: "v3.0.0-demo", announcement: "Hollow 演示服务器 · demo server (seed \(seed))")
    addRareShapes(chronological)
    data.userMessages = makeUserMessages(chronological)
    data.systemMessages = [
      SystemMessage(title: "欢迎来到树洞", content: "Be kind. 请友善发言。", timestamp: Self.baseTimestamp - 86_400),
      SystemMessage(title: "维护通知", content: "Maintenance tonight 02:00–03:00.", timestamp: Self.baseTimestamp),
      SystemMessage(title: "举报结果", content: "你举报的内容已处理 (handled).", timestamp: Self.baseTimestamp + 3_600),
    ]
    return data
  }

  /// The shapes a few posts have, added after the posts are made and drawn from a generator of their own, so
  /// the posts, pids and comments of a seed stay what they were before these shapes existed: followed posts
  /// that were deleted (in two of the pid gaps), a post whose first three comments were deleted, a post
  /// reported three times, an image whose stored metadata is bad (`{}` with its url), a poll on an image post.
  private mutating func addRareShapes(_ chronological: [Int]) {
    // The newest gap (so followed page 1 is short) and the oldest.
    let deletedGaps = [gaps.first, gaps.last].compactMap { $0 }
    for (index, gap) in deletedGaps.enumerated() where index == 0 || gap != deletedGaps[0] {
      var post = Post(
        pid: gap, text: "已删除的树洞 (a deleted post)", type: .text, timestamp: Self.baseTimestamp,
        updatedAt: Self.baseTimestamp, likeCount: Int.random(in: 1...9, using: &extra), isFollowed: true,
        isDeleted: true, permissions: ["report", "fold"])
      post.timestamp += (gap - Self.firstPid) * 800
      post.updatedAt = post.timestamp
      data.posts[gap] = PostRecord(post: post, comments: [])
    }
    let oldestFirst = chronological.compactMap { data.posts[$0] }
    var used = Set<Int>()
    if let record = oldestFirst.first(where: { $0.comments.count > 3 }) {
      var changed = record
      for index in 0..<3 { changed.comments[index].isDeleted = true }
      changed.post.replyCount = changed.visibleComments.count
      data.posts[record.post.pid] = changed
      used.insert(record.post.pid)
    }
    if let record = oldestFirst.first(where: { $0.post.tag == nil && !used.contains($0.post.pid) }) {
      data.posts[record.post.pid]?.reportCount = PostRecord.reportsForTag
      used.insert(record.post.pid)
    }
    let images = oldestFirst.filter { $0.post.imagePath != nil && $0.post.vote == nil && !used.contains($0.post.pid) }
    if let record = images.first {
      data.posts[record.post.pid]?.post.imageMetadata = nil
    }
    if images.count > 1 {
      let vote = makeVote(using: &extra)
      data.posts[images[1].post.pid]?.post.vote = vote
    }
  }

  /// The user's notifications: news on followed posts (some also replies to the user) and system notices,
  /// numbered oldest first.
  private mutating func makeUserMessages(_ pids: [Int]) -> [UserMessage] {
    var messages: [UserMessage] = []
    for pid in pids {
      guard let record = data.posts[pid], record.post.isFollowed, let comment = record.visibleComments.last else {
        continue
      }
      let kind: UserMessage.Kind = extra.chance(30) ? [.reply, .followedPost] : .followedPost
      messages.append(
        UserMessage(
          id: 0, title: "\(comment.name)回复了树洞#\(pid)", body: String(comment.text.prefix(100)), kind: kind,
          timestamp: comment.timestamp, pid: pid, cid: comment.cid))
    }
    for (offset, notice) in ["你的树洞被关注了", "欢迎使用 Hollow 演示服务器"].enumerated() {
      messages.append(
        UserMessage(
          id: 0, title: "系统消息", body: notice, kind: .system, timestamp: Self.baseTimestamp + offset * 86_400))
    }
    messages.sort { $0.timestamp < $1.timestamp }
    for index in messages.indices { messages[index].id = index + 1 }
    return messages
  }

  private mutating func makePost(pid: Int, index: Int, earlier: [Int]) -> PostRecord {
    let timestamp = Self.baseTimestamp + index * 900 + Int.random(in: 0..<600, using: &random)
    var text = sentence()
    text += citations(pid: pid, index: index, earlier: earlier)
    let kind = Int.random(in: 0..<100, using: &random)
    var post = Post(
      pid: pid, text: text, type: .text, timestamp: timestamp, updatedAt: timestamp,
      permissions: ["report", "fold"], tag: random.chance(12) ? random.pick(DemoText.tags) : nil)
    if kind < 18 {
      let (path, metadata) = addImage(named: "post \(pid)")
      post.type = .image
      post.imagePath = path
      post.imageMetadata = metadata
    } else if kind < 30 {
      // A poll is not a type: a poll post is "text", or "image" when it also has a picture.
      post.vote = makeVote(using: &random)
    }
    post.isFollowed = random.chance(12)
    post.likeCount = Int.random(in: 0...20, using: &random) + (post.isFollowed ? 1 : 0)
    var record = PostRecord(post: post, comments: [])
    let commentCount = random.chance(35) ? 0 : Int.random(in: 1...12, using: &random)
    var time = timestamp
    for _ in 0..<commentCount {
      time += Int.random(in: 20...4_000, using: &random)
      record.comments.append(makeComment(in: record, timestamp: time, earlier: earlier))
    }
    record.post.replyCount = record.visibleComments.count
    record.post.updatedAt = time
    return record
  }

  /// Citations that cover every case the client must handle; the fixed moduli guarantee each
  /// case occurs in any data set of a few dozen posts, whatever the seed.
  private mutating func citations(pid: Int, index: Int, earlier: [Int]) -> String {
    var cited: [Int] = []
    if !earlier.isEmpty, index % 29 == 9 || random.chance(6) {
      cited += (0..<Int.random(in: 2...3, using: &random)).map { _ in random.pick(earlier) }
    } else if !earlier.isEmpty, random.chance(14) {
      cited.append(random.pick(earlier))
    }
    if index % 41 == 7 || random.chance(3) {
      cited.append(gaps.isEmpty || random.chance(50) ? Self.missingPid : random.pick(gaps))
    }
    if index % 37 == 5 || random.chance(2) {
      cited.append(pid)
    }
    return cited.map { random.chance(50) ? " #\($0)" : " 见#\($0)" }.joined()
  }

  private mutating func makeComment(in record: PostRecord, timestamp: Int, earlier: [Int]) -> Comment {
    let isDZ = random.chance(25)
    let replyTo = !record.comments.isEmpty && random.chance(30) ? random.pick(record.comments).cid : nil
    var text = random.pick(DemoText.commentTexts)
    if !earlier.isEmpty, random.chance(8) { text += " #\(random.pick(earlier))" }
    let existingName = record.comments.filter { !$0.isDZ }.map(\.name)
    let name =
      isDZ
      ? DemoText.dzName
      : (random.chance(40) && !existingName.isEmpty ? random.pick(existingName) : record.nextFreshName)
    var comment = Comment(
      cid: data.nextCid, pid: record.post.pid, text: text, timestamp: timestamp, replyTo: replyTo, name: name,
      isDZ: isDZ, tag: random.chance(5) ? random.pick(DemoText.tags) : nil, permissions: ["report"])
    if random.chance(6) {
      let (path, metadata) = addImage(named: "comment \(data.nextCid)")
      comment.type = .image
      comment.imagePath = path
      comment.imageMetadata = metadata
    }
    data.commentOwners[data.nextCid] = record.post.pid
    data.nextCid += 1
    return comment
  }

  private func makeVote(using random: inout SeededGenerator) -> Vote {
    let options = random.pick(DemoText.voteOptionSets)
    var counts: [String: Int] = [:]
    for option in options { counts[option] = Int.random(in: 0...40, using: &random) }
    var voted: String?
    if random.chance(40) {
      let choice = random.pick(options)
      counts[choice, default: 0] += 1
      voted = choice
    }
    return Vote(voted: voted, options: options, counts: counts)
  }

  /// Registers a generated PNG under a hashed name; its size is what the metadata says.
  private mutating func addImage(named name: String) -> (String, ImageMetadata) {
    let width = Int.random(in: 16...200, using: &random)
    let height = Int.random(in: 16...200, using: &random)
    let path = ImagePath.make(hashing: Array("hollow demo image \(seed) \(name)".utf8), fileExtension: "png")
    let tint = (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }
    data.images[path] = .generated(width: width, height: height, tint: tint)
    return (path, ImageMetadata(width: width, height: height))
  }

  private mutating func sentence() -> String {
    random.pick(DemoText.openings) + " " + random.pick(DemoText.middles) + random.pick(DemoText.endings)
  }
}
