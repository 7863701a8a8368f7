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
  private let maxImageBytes: Int

  /// - Parameters:
  ///   - randomSeed: seeds which posts `randomlist` picks; nil draws one from the system, so every server
  ///     (every run of the CLI) shows other posts.
  ///   - stateFolder: where to keep the writes; nil keeps them in memory for the server's life.
  ///   - resetState: forget the writes kept there and start over.
  init(
    seed: UInt64, postCount: Int, maxImageBytes: Int, randomSeed: UInt64? = nil, stateFolder: String? = nil,
    resetState: Bool = false
  ) {
    generated = DataSetGenerator.generate(seed: seed, postCount: postCount)
    self.maxImageBytes = maxImageBytes
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
  func timelinePage(_ number: Int) -> PostPage {
    current { state in
      let data = state.data
      var pids = Self.slice(data.timeline, page: number)
      if number == 1 { pids = data.pinned + pids }
      return Self.page(pids, in: data, config: number == 1 ? data.config : nil)
    }
  }

  /// Fifteen random posts, without comments or config.
  func randomPage() -> PostPage {
    current { state in
      let posts = Array(state.data.timeline.shuffled(using: &state.random).prefix(Self.randomPageSize))
        .compactMap { state.data.posts[$0]?.view }
      return PostPage(posts: posts, comments: nil)
    }
  }

  /// Page `number` of the followed posts, newest pid first, optionally only those matching `keywords`.
  func followedPage(_ number: Int, keywords: [String]? = nil) -> PostPage {
    current { state in
      let data = state.data
      guard let keywords else { return Self.page(Self.slice(data.followed, page: number), in: data, config: nil) }
      return Self.search(in: data.followed, of: data, keywords: keywords, page: number, includeComments: true)
    }
  }

  /// Posts whose text (or, with `includeComments`, one of whose comments) contains any keyword.
  func search(keywords: [String], page: Int, includeComments: Bool, before: Int?, after: Int?) -> PostPage {
    current { state in
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
    let record = try Self.record(pid, in: current { $0.data })
    let unchanged = knownUpdatedAt == record.post.updatedAt
    return PostDetail(post: record.view, comments: includeComments && !unchanged ? record.comments : nil)
  }

  var systemMessages: SystemMessageList {
    current { SystemMessageList(messages: $0.data.systemMessages) }
  }

  /// The image stored at `path` (`ab/abcdef….png`).
  func image(at path: String) -> StoredImage? {
    current { $0.data.images[path] }
  }

  // MARK: Writing

  /// Adds a post by the user (who then follows it); returns its pid.
  func sendPost(text: String, image: [UInt8]?, voteOptions: [String], tag: String?) throws(APIFailure) -> Int {
    let now = Self.now
    let upload = try image.map { bytes throws(APIFailure) in try checkedUpload(bytes) }
    var pid = 0
    _ = try write { data throws(APIFailure) in
      pid = data.nextPid
      return .post(
        DemoOperation.NewPost(
          pid: pid, text: text, timestamp: now, image: upload, voteOptions: upload == nil ? voteOptions : [], tag: tag))
    }
    return pid
  }

  /// Adds a comment by the user; bumps the post's `updated_at`. Returns the cid.
  func sendComment(pid: Int, text: String, image: [UInt8]?, replyTo: Int?) throws(APIFailure) -> Int {
    let now = Self.now
    let upload = try image.map { bytes throws(APIFailure) in try checkedUpload(bytes) }
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
    guard let vote = data.posts[pid]?.post.vote else { throw .noSuchPost }
    return vote
  }

  /// Follows or unfollows; doing the same twice fails. `updated_at` does not change.
  func setFollowing(pid: Int, follow: Bool) throws(APIFailure) -> Post {
    let data = try write { _ throws(APIFailure) in .follow(pid: pid, follow: follow) }
    guard let record = data.posts[pid] else { throw .noSuchPost }
    return record.view
  }

  func reportPost(pid: Int) throws(APIFailure) {
    _ = try Self.record(pid, in: current { $0.data })
  }

  func reportComment(cid: Int) throws(APIFailure) {
    guard current({ $0.data.commentOwners[cid] }) != nil else { throw .invalid("没有这条评论 (no comment \(cid))") }
  }

  // MARK: Helpers

  private static var now: Int {
    Int(Date().timeIntervalSince1970)
  }

  private static func record(_ pid: Int, in data: DataSet) throws(APIFailure) -> PostRecord {
    guard let record = data.posts[pid] else { throw .noSuchPost }
    return record
  }

  /// An uploaded image checked (size, format) and named, ready to be stored by the write that carries it.
  private func checkedUpload(_ bytes: [UInt8]) throws(APIFailure) -> DemoOperation.Upload {
    guard bytes.count <= maxImageBytes else { throw .tooLarge("图片太大 (image larger than \(maxImageBytes) bytes)") }
    guard let sniffed = ImageSniffer.sniff(bytes) else { throw .invalid("不支持的图片格式 (not a PNG, JPEG or GIF)") }
    let path = ImagePath.make(hashing: bytes, fileExtension: sniffed.fileExtension)
    let contentType = sniffed.fileExtension == "jpeg" ? "image/jpeg" : "image/\(sniffed.fileExtension)"
    return DemoOperation.Upload(
      path: path, contentType: contentType, width: sniffed.width, height: sniffed.height, bytes: Data(bytes))
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
