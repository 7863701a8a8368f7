import HollowKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server's data: the generated set plus the user's writes, behind one lock.
///
/// There is one registered user (whoever holds the token): follows, votes, reports and "洞主" authorship are
/// theirs. An anonymous reader sees the same posts without them.
///
/// With a state folder, the writes outlive the server: each is kept as a ``DemoOperation`` in a
/// ``DemoStateFile`` there, and every request first takes in what other servers on that folder wrote
/// (one `stat` tells), so `serve` and each command's embedded server see the same posts, comments,
/// follows and votes. A write reads, changes and writes the file under its lock, so two processes at once
/// neither corrupt it nor lose each other's writes; one that cannot be saved is refused (HTTP 500).
final class DataStore: Sendable {
  static let pageSize = 30
  static let previewComments = 3
  static let randomPageSize = 15
  static let messagesPageSize = 10

  private struct State {
    var data: DataSet
    var random: SeededGenerator
    /// The operations `data` holds beyond the generated set, as the state file had them.
    var journal: DemoJournal
    /// The state file version `data` reflects; nil when there was none.
    var stamp: DemoStateFile.Stamp?
  }

  private let state: Mutex<State>
  /// The generated data set, which every rebuild starts from.
  private let generated: DataSet
  private let stateFile: DemoStateFile?
  private let noticeList = Mutex<[String]>([])
  private let clock: ServerClock
  private let offsets: TimestampOffsets

  /// - Parameters:
  ///   - randomSeed: seeds which posts `randomlist` picks; nil draws one from the system, so every server
  ///     (every run of the CLI) shows other posts.
  ///   - stateFolder: where to keep the writes; nil keeps them in memory for the server's life.
  ///   - resetState: forget the writes kept there and start over.
  init(
    seed: UInt64, postCount: Int, randomSeed: UInt64? = nil, stateFolder: String? = nil, resetState: Bool = false,
    clock: ServerClock = .system, offsetsTimestamps: Bool = false
  ) {
    generated = DataSetGenerator.generate(seed: seed, postCount: postCount)
    self.clock = clock
    offsets = TimestampOffsets(enabled: offsetsTimestamps)
    var notices: [String] = []
    var file: DemoStateFile?
    if let stateFolder {
      do throws(DemoStateError) {
        let opened = try DemoStateFile(folder: stateFolder, seed: seed, postCount: postCount)
        if resetState {
          try opened.lock()
          defer { opened.unlock() }
          try opened.remove()
        }
        file = opened
      } catch {
        notices.append("\(error); the demo's writes last only while this server runs")
      }
    }
    stateFile = file
    var initial = State(
      data: generated, random: SeededGenerator(seed: randomSeed ?? UInt64.random(in: 0...UInt64.max)),
      journal: .fresh(seed: seed, postCount: postCount), stamp: nil)
    if let file { Self.load(file, into: &initial, generated: generated, notices: &notices) }
    state = Mutex(initial)
    noticeList.withLock { $0 = notices }
  }

  /// Whether the writes are kept in a state file (else in memory only).
  var keepsState: Bool { stateFile != nil }

  /// What loading the state reported: a state file set aside as unreadable, a folder that cannot be used.
  var notices: [String] {
    noticeList.withLock { $0 }
  }

  /// The current data, after taking in what other servers wrote to the state file since the last look.
  private func current<T>(_ body: (inout State) -> T) -> T {
    state.withLock { state in
      refresh(&state)
      return body(&state)
    }
  }

  private func refresh(_ state: inout State) {
    guard let stateFile, stateFile.stamp() != state.stamp else { return }
    var notices: [String] = []
    Self.load(stateFile, into: &state, generated: generated, notices: &notices)
    if !notices.isEmpty { noticeList.withLock { $0 += notices } }
  }

  /// Brings `state` to what the file holds: only the new operations when it extends what `state` has, else
  /// the generated set with every operation. An unreadable file is set aside and the demo starts over.
  private static func load(
    _ file: DemoStateFile, into state: inout State, generated: DataSet, notices: inout [String]
  ) {
    switch file.read() {
    case .absent:
      if state.stamp != nil || !state.journal.operations.isEmpty {
        state.data = generated
        state.journal = .fresh(seed: state.journal.seed, postCount: state.journal.postCount)
      }
      state.stamp = nil
    case .journal(let journal, let stamp):
      let extends = journal.id == state.journal.id && journal.operations.count >= state.journal.operations.count
      var data = extends ? state.data : generated
      let new = journal.operations[(extends ? state.journal.operations.count : 0)...]
      for (offset, operation) in zip(new.indices, new) {
        do throws(APIFailure) {
          try operation.apply(to: &data)
        } catch {
          notices.append("\(file.path): write \(offset + 1) cannot be replayed (\(error.message)); skipped")
        }
      }
      state.data = data
      state.journal = journal
      state.stamp = stamp
    case .unreadable(let reason):
      let aside = file.setAside()
      notices.append(
        "the demo state file \(file.path) cannot be read (\(reason)); "
          + (aside.map { "it was set aside as \($0)" } ?? "it could not be set aside") + " and the demo starts over")
      state.data = generated
      state.journal = .fresh(seed: state.journal.seed, postCount: state.journal.postCount)
      state.stamp = nil
    }
  }

  /// Applies the operation `make` builds from the current data, keeps it in the state file (if any), and
  /// answers the data after it. Nothing changes when it throws.
  private func write(_ make: (DataSet) throws(APIFailure) -> DemoOperation) throws(APIFailure) -> DataSet {
    try state.withLock { state throws(APIFailure) in
      guard let stateFile else {
        let operation = try make(state.data)
        try operation.apply(to: &state.data)
        return state.data
      }
      do throws(DemoStateError) {
        try stateFile.lock()
      } catch {
        throw Self.unsaved(error)
      }
      defer { stateFile.unlock() }
      refresh(&state)
      let operation = try make(state.data)
      var data = state.data
      try operation.apply(to: &data)
      var journal = state.journal
      journal.operations.append(operation)
      do throws(DemoStateError) {
        state.stamp = try stateFile.write(journal)
      } catch {
        throw Self.unsaved(error)
      }
      state.data = data
      state.journal = journal
      return data
    }
  }

  private static func unsaved(_ error: DemoStateError) -> APIFailure {
    APIFailure(code: APIStatus.failure, message: "the demo server cannot save the write: \(error)", httpStatus: 500)
  }

  // MARK: Reading

  /// Page `number` (from 1) of the timeline; page 1 starts with the pinned posts and has the config.
  func timelinePage(_ number: Int, viewer: Viewer) -> PageAnswer {
    current { state in
      let data = state.data
      var pids = Self.slice(data.timeline, page: number)
      if number == 1 { pids = data.pinned + pids }
      let records = pids.compactMap { data.visible($0) }
      return page(records, viewer: viewer, shape: .list(config: number == 1 ? data.config : nil))
    }
  }

  /// A fresh random batch of 0 to 15 posts: 15 pids drawn from the whole range, the missing and deleted ones
  /// absent, a post with a reportable tag dropped 9 times in 10; no comments, no config.
  func wander(viewer: Viewer) -> PageAnswer {
    current { state in
      let data = state.data
      guard data.nextPid > data.firstPid else { return PageAnswer(posts: [], shape: .bare) }
      var picked = Set<Int>()
      for _ in 0..<Self.randomPageSize {
        picked.insert(Int.random(in: data.firstPid..<data.nextPid, using: &state.random))
      }
      let found = picked.sorted().compactMap { data.visible($0) }.shuffled(using: &state.random)
      var kept: [PostRecord] = []
      for _ in 0..<10 {
        kept = found.filter { record in
          guard let tag = record.post.tag, DemoText.reportableTags.contains(tag) else { return true }
          return Double.random(in: 0..<1, using: &state.random) <= 0.1
        }
        if !kept.isEmpty { break }
      }
      let now = clock.seconds
      return PageAnswer(posts: kept.map { $0.view(for: viewer, now: now, offsets: offsets) }, shape: .bare)
    }
  }

  /// Page `number` of the followed posts: 30 followed pids, newest first, then the deleted ones dropped (so a
  /// page may be short and still not the last).
  func followedPage(_ number: Int, viewer: Viewer) -> PageAnswer {
    current { state in
      let data = state.data
      let records = Self.slice(data.followed, page: number).compactMap { data.visible($0) }
      return page(records, viewer: viewer, shape: .withComments)
    }
  }

  /// `search`: the hot list for `热榜`, else the posts matching every keyword, the post a pid keyword names
  /// first on page 1, and in `comments` every comment of a found post that contains a keyword.
  func search(_ query: SearchQuery, viewer: Viewer) -> PageAnswer {
    current { state in
      let data = state.data
      let candidates = (data.pinned + data.timeline).compactMap { data.visible($0) }
      if query.isHotList {
        let hot = Array(hotList(candidates).prefix(SearchQuery.hotListSize))
        return page(Self.slice(hot, page: query.page), viewer: viewer, shape: .withComments)
      }
      let named = query.namedPid.flatMap { data.visible($0) }
      var found = query.sorted(candidates.filter { query.matches($0) && $0.post.pid != named?.post.pid })
      if let named { found.insert(named, at: 0) }
      let shown = Self.slice(found, page: query.page)
      let now = clock.seconds
      var comments: [Int: [Comment]] = [:]
      for record in shown {
        let matching = query.matchingComments(record)
        if !matching.isEmpty {
          comments[record.post.pid] = matching.map { PostRecord.view($0, for: viewer, offsets: offsets) }
        }
      }
      return PageAnswer(
        posts: shown.map { $0.view(for: viewer, now: now, offsets: offsets) }, comments: comments, shape: .withComments)
    }
  }

  /// `search/attentions`: the followed posts matching every keyword, without comments.
  func searchFollowed(_ query: SearchQuery, viewer: Viewer) -> PageAnswer {
    current { state in
      let data = state.data
      let found = query.sorted(data.followed.compactMap { data.visible($0) }.filter { query.matches($0) })
      let now = clock.seconds
      return PageAnswer(
        posts: Self.slice(found, page: query.page).map { $0.view(for: viewer, now: now, offsets: offsets) },
        shape: .bare)
    }
  }

  /// The post and its visible comments; `{code: 1, data: null}` when `include_comment` is exactly `0` or
  /// `old_updated_at` is the post's `updated_at` as this viewer sees it.
  func detail(pid: Int, includeComment: String?, oldUpdatedAt: String?, viewer: Viewer) throws(APIFailure)
    -> PostDetail
  {
    guard let record = current({ $0.data.visible(pid) }) else { throw .noSuchPost }
    let post = record.view(for: viewer, now: clock.seconds, offsets: offsets)
    if includeComment == "0" || oldUpdatedAt == String(post.updatedAt) {
      return PostDetail(post: post, comments: nil)
    }
    return PostDetail(
      post: post, comments: record.visibleComments.map { PostRecord.view($0, for: viewer, offsets: offsets) })
  }

  /// The system messages, newest first.
  var systemMessages: SystemMessageList {
    current { SystemMessageList(messages: $0.data.systemMessages.sorted { $0.timestamp > $1.timestamp }) }
  }

  /// Page `number` of the user's notifications, newest first, 10 a page; only those after `sinceID` if given.
  func userMessages(page number: Int, sinceID: Int?) -> UserMessageList {
    current { state in
      let newest = state.data.userMessages.filter { $0.id > (sinceID ?? Int.min) }.sorted { $0.id > $1.id }
      let start = (number - 1) * Self.messagesPageSize
      guard start < newest.count else { return UserMessageList(messages: []) }
      return UserMessageList(messages: Array(newest[start..<min(start + Self.messagesPageSize, newest.count)]))
    }
  }

  /// The image stored at `path` (`ab/abcdef….png`).
  func image(at path: String) -> StoredImage? {
    current { $0.data.images[path] }
  }

  // MARK: Writing

  /// Adds a post by the user (who then follows it); returns its pid.
  func sendPost(text: String, image: [UInt8]?, voteOptions: [String], tag: String?) throws(APIFailure) -> Int {
    let now = clock.seconds
    let upload = try image.map { bytes throws(APIFailure) in try Self.checkedUpload(bytes) }
    var pid = 0
    _ = try write { data throws(APIFailure) in
      pid = data.nextPid
      return .post(
        DemoOperation.NewPost(pid: pid, text: text, timestamp: now, image: upload, voteOptions: voteOptions, tag: tag))
    }
    return pid
  }

  /// Adds a comment by the user (who then follows the post); bumps the post's `updated_at`. Returns the cid.
  func sendComment(pid: Int, text: String, image: [UInt8]?, replyTo: Int?) throws(APIFailure) -> Int {
    let now = clock.seconds
    guard current({ $0.data.visible(pid) }) != nil else { throw .noSuchPost }
    let upload = try image.map { bytes throws(APIFailure) in try Self.checkedUpload(bytes) }
    var cid = 0
    _ = try write { data throws(APIFailure) in
      cid = data.nextCid
      return .comment(
        DemoOperation.NewComment(cid: cid, pid: pid, text: text, timestamp: now, image: upload, replyTo: replyTo))
    }
    return cid
  }

  /// Casts the user's vote; returns the vote with its counts visible.
  func vote(pid: Int, option: String) throws(APIFailure) -> Vote {
    let data = try write { _ throws(APIFailure) in .vote(pid: pid, option: option) }
    guard let vote = data.posts[pid]?.post.vote else { throw .invalid("投票失败，pid不存在") }
    return vote
  }

  /// `switch` 1 follows, 0 unfollows; doing the same twice fails, any other value toggles (as on the real
  /// backend). `updated_at` does not change.
  func setFollowing(pid: Int, switch value: String) throws(APIFailure) -> Post {
    let data = try write { data throws(APIFailure) in
      guard let record = data.visible(pid) else { throw .invalid("关注失败，pid不存在") }
      let following = record.post.isFollowed
      if value == "1", following { throw .invalid("您已经关注过了") }
      if value == "0", !following { throw .invalid("您已经取消关注了") }
      return .follow(pid: pid, follow: !following)
    }
    guard let record = data.posts[pid] else { throw .invalid("关注失败，pid不存在") }
    return record.view(for: .user, now: clock.seconds, offsets: offsets)
  }

  /// Reports, folds or (the author, within 120 s) deletes a post or comment; `type` must be one of the item's
  /// permissions, a fold's reason a reportable tag.
  func report(isComment: Bool, id: Int, type: String, reason: String) throws(APIFailure) {
    let now = clock.seconds
    _ = try write { data throws(APIFailure) in
      let permissions: [String]
      if isComment {
        guard let found = data.visibleComment(id) else { throw .noSuchPost }
        permissions = PostRecord.view(found.comment, for: .user, offsets: offsets).permissions
      } else {
        guard let record = data.visible(id) else { throw .noSuchPost }
        permissions = record.view(for: .user, now: now, offsets: offsets).permissions
      }
      guard permissions.contains(type) else { throw .invalid("操作失败，权限不足") }
      if type == "fold", !DemoText.reportableTags.contains(reason) { throw .invalid("操作失败，不存在这个tag") }
      return .report(DemoOperation.Report(isComment: isComment, id: id, type: type, reason: reason))
    }
  }

  // MARK: Helpers

  /// An uploaded image checked (format, at most 10000 px a side) and named, ready to be stored by the write
  /// that carries it. Its size was checked on the base64 text, as the real backend does.
  private static func checkedUpload(_ bytes: [UInt8]) throws(APIFailure) -> DemoOperation.Upload {
    guard let sniffed = ImageSniffer.sniff(bytes) else { throw .invalid("图片格式不支持，只能上传 JPEG、PNG 或 GIF") }
    guard sniffed.width <= maximumImageSide, sniffed.height <= maximumImageSide else {
      throw .invalid("图片尺寸过大，长宽最多 \(maximumImageSide) 像素")
    }
    let path = ImagePath.make(hashing: bytes, fileExtension: sniffed.fileExtension)
    let contentType = sniffed.fileExtension == "jpeg" ? "image/jpeg" : "image/\(sniffed.fileExtension)"
    return DemoOperation.Upload(
      path: path, contentType: contentType, width: sniffed.width, height: sniffed.height, bytes: Data(bytes))
  }

  static let maximumImageSide = 10_000

  private static func slice<T>(_ items: [T], page: Int) -> [T] {
    let start = (page - 1) * pageSize
    guard page >= 1, start < items.count else { return [] }
    return Array(items[start..<min(start + pageSize, items.count)])
  }

  /// A page of posts with, per post that has comments, its first 3 counted before the deleted ones are
  /// dropped (so a pid may map to fewer, or to `[]`).
  private func page(_ records: [PostRecord], viewer: Viewer, shape: PageAnswer.Shape) -> PageAnswer {
    let now = clock.seconds
    var comments: [Int: [Comment]] = [:]
    for record in records where !record.comments.isEmpty {
      comments[record.post.pid] = record.comments.prefix(Self.previewComments).filter { !$0.isDeleted }
        .map { PostRecord.view($0, for: viewer, offsets: offsets) }
    }
    return PageAnswer(
      posts: records.map { $0.view(for: viewer, now: now, offsets: offsets) }, comments: comments, shape: shape)
  }

  /// The posts ranked by followers and comments, weighed down by age.
  private func hotList(_ records: [PostRecord]) -> [PostRecord] {
    let now = Double(clock.seconds)
    func score(_ record: PostRecord) -> Double {
      let hours = max(0, now - Double(record.post.timestamp)) / 3600
      let weight = Double(record.post.likeCount * 2 + record.visibleComments.count)
      return weight / (hours / 24 + 2)
    }
    return records.map { (record: $0, score: score($0)) }
      .sorted { ($0.score, $0.record.post.pid) > ($1.score, $1.record.post.pid) }.map(\.record)
  }
}
