import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the user has read on one server and account: one fact per post (the comment count last
/// seen, and whether it was opened), and the newest notification seen. A plain value:
/// ``ReadStateStore`` keeps it in the data folder and publishes it; the lists draw their marks
/// from it (``mark(for:)``) and the post screen records an open in it.
///
/// At most ``capacity`` posts are remembered: past it the one touched longest ago is forgotten,
/// so the file stays small however long the reader is used.
///
/// ```swift
/// var state = ReadState()
/// state.open(40117, comments: 5)
/// state.mark(for: post40117WithSevenReplies)  // .news(2)
/// ```
struct ReadState: Sendable, Equatable {
  /// One post's fact.
  struct Fact: Sendable, Equatable {
    /// The comment count when the post was last opened (or first followed here).
    var seenComments: Int
    /// Whether the post screen was opened on it.
    var opened: Bool
    /// When the fact was last touched, as a sequence number: the smallest is forgotten first.
    var order: Int
  }

  /// The most posts remembered.
  static let defaultCapacity = 5000

  let capacity: Int
  private(set) var facts: [Int: Fact] = [:]
  /// The id of the newest notification the user has seen (0: none).
  private(set) var seenMessageID = 0
  private var nextOrder = 0

  init(capacity: Int = ReadState.defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  /// The post screen opened `pid`, which has `comments` comments (the list's count at once, the
  /// detail's when it arrives).
  mutating func open(_ pid: Int, comments: Int) {
    touch(pid, Fact(seenComments: max(0, comments), opened: true, order: 0))
  }

  /// The user followed `pid` here, or the followed feed listed it: its count becomes the baseline
  /// its news is counted from, unless the post already has a fact.
  /// Answers whether it was recorded.
  @discardableResult
  mutating func follow(_ pid: Int, comments: Int) -> Bool {
    guard facts[pid] == nil else { return false }
    touch(pid, Fact(seenComments: max(0, comments), opened: false, order: 0))
    return true
  }

  /// The notifications up to `id` were seen; answers whether that is news.
  @discardableResult
  mutating func seeMessages(upTo id: Int) -> Bool {
    guard id > seenMessageID else { return false }
    seenMessageID = id
    return true
  }

  /// How a list marks `post`.
  func mark(for post: Post) -> ReadMark {
    guard let fact = facts[post.pid] else { return .unread }
    // The server's counts are any Int: no arithmetic that could overflow.
    let (grown, overflow) = post.replyCount.subtractingReportingOverflow(fact.seenComments)
    if !overflow, grown > 0 { return .news(grown) }
    return fact.opened ? .read : .unread
  }

  /// The index of the first post with news after `cursor` in `posts`, round to the start again;
  /// nil when none has.
  func nextWithNews(in posts: [Post], after cursor: Int) -> Int? {
    guard !posts.isEmpty else { return nil }
    let start = max(0, min(cursor, posts.count - 1))
    for step in 1...posts.count {
      let index = (start + step) % posts.count
      if mark(for: posts[index]).hasNews { return index }
    }
    return nil
  }

  /// How many of `messages` are newer than the newest seen.
  func unread(_ messages: [UserMessage]) -> Int {
    messages.count { $0.id > seenMessageID }
  }

  private mutating func touch(_ pid: Int, _ fact: Fact) {
    var fact = fact
    fact.order = nextOrder
    nextOrder += 1
    facts[pid] = fact
    if facts.count > capacity, let oldest = facts.min(by: { $0.value.order < $1.value.order })?.key {
      facts[oldest] = nil
    }
  }

  // MARK: The file

  /// The file's version; another is a fresh start.
  static let version = 1
  /// A larger file is not read (the capacity's worth is a few hundred kilobytes).
  static let maximumFileBytes = 4 << 20

  /// `{"version":1,"messages":12,"posts":[[pid,seenComments,opened,order],...]}`: compact, since
  /// it is written whenever a post is opened.
  private struct File: Codable {
    var version: Int
    var messages: Int
    var posts: [[Int]]
  }

  /// The bytes of the file.
  func encoded() -> Data {
    let posts = facts.sorted { $0.value.order < $1.value.order }.map { pid, fact in
      [pid, fact.seenComments, fact.opened ? 1 : 0, fact.order]
    }
    return (try? JSONEncoder().encode(File(version: Self.version, messages: seenMessageID, posts: posts))) ?? Data()
  }

  /// The state a file holds; throws a sentence saying what is wrong with it.
  static func decoded(_ data: Data, capacity: Int = defaultCapacity) throws(ReadStateError) -> ReadState {
    guard data.count <= maximumFileBytes else { throw ReadStateError("larger than \(maximumFileBytes) bytes") }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw ReadStateError("not a read-state file")
    }
    guard file.version == version else { throw ReadStateError("version \(file.version), not \(version)") }
    var state = ReadState(capacity: capacity)
    state.seenMessageID = max(0, file.messages)
    for entry in file.posts {
      guard entry.count == 4, entry[1] >= 0, entry[2] == 0 || entry[2] == 1 else {
        throw ReadStateError("a post entry is not [pid, comments, opened, order]")
      }
      state.facts[entry[0]] = Fact(seenComments: entry[1], opened: entry[2] == 1, order: entry[3])
    }
    // Renumbered 0..<n in the file's order (whatever numbers it held); a file over the capacity
    // keeps its newest.
    let ordered = state.facts.sorted { $0.value.order < $1.value.order }.suffix(state.capacity)
    state.facts = [:]
    for (index, (pid, fact)) in ordered.enumerated() {
      state.facts[pid] = Fact(seenComments: fact.seenComments, opened: fact.opened, order: index)
    }
    state.nextOrder = state.facts.count
    return state
  }
}

/// Why a read-state file was not used.
struct ReadStateError: Error, Sendable, Equatable, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
