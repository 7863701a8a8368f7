import HollowKit

/// What the post screen shows: the library's ``HollowKit/PostSnapshot`` (the post, its comments,
/// the posts they cite and their images, the status, cache age and offline reason), the pictures
/// decoded from its images, and the cursor over the post, its citations and comments (with the
/// jumps between replies and the last search within the post). Nothing here is loaded or decided
/// twice.
///
/// ```swift
/// var state = PostState(pid: 42)
/// state.status  // .loading
/// state.apply(.nextComment(1))  // the cursor on the first comment
/// ```
struct PostState: Sendable, Equatable {
  /// A jump from one item to another (`p`), which Backspace or `p` on its landing item undoes.
  struct Jump: Sendable, Equatable {
    var from: PostItem
    var to: PostItem
  }

  var detail: PostSnapshot
  /// Pictures by path, decoded once from the snapshot's images.
  var images: [String: ImageSlot] = [:]
  /// `--offline`: a failure to refresh is the offline state, not an error.
  var offline = false
  /// The item under the cursor; the post's own until the cursor moves.
  var cursor: PostItem = .post
  /// Whether the view scrolls to keep the cursor in view (it moved), or leaves the scroll where it
  /// is (the screen opened, or the user paged).
  var followsCursor = false
  /// Whether the view shows the end of the thread (`G`) and keeps showing it, the cursor on the last item, while
  /// what is still arriving (comments, pictures, cited posts) grows the screen, until another key moves or scrolls:
  /// as `less` goes to the last line, not to where the last line was when the key was read.
  var showsEnd = false
  /// The jumps made, most recent last.
  var jumps: [Jump] = []
  /// The last text searched for within the post.
  var findQuery: String?
  /// How many of the post's comments the read state had recorded when the post was opened (nil: none):
  /// the comments that came since are marked new.
  var seenComments: Int?

  init(pid: Int, offline: Bool = false, seenComments: Int? = nil) {
    detail = PostSnapshot(pid: pid, status: .inProgress)
    self.offline = offline
    self.seenComments = seenComments
  }

  /// How many comments came since the post was last opened: the last ones shown, counted as the lists
  /// count `+N new` (the post's reply count against the recorded one), at most the comments loaded.
  var newComments: Int {
    guard let seen = seenComments, let post = detail.post else { return 0 }
    // The server's counts are any Int: no arithmetic that could overflow.
    let (grown, overflow) = post.replyCount.subtractingReportingOverflow(seen)
    guard !overflow, grown > 0 else { return 0 }
    return min(grown, detail.comments?.count ?? 0)
  }

  var pid: Int { detail.pid }

  /// What the cursor can rest on, in screen order: the post, the posts it cites, then each comment
  /// followed by the posts it cites (cited posts shown, that is loaded).
  var items: [PostItem] {
    guard detail.post != nil else { return [.post] }
    var items: [PostItem] = [.post]
    items += detail.quotes.post.map { .citation(pid: $0.pid, inComment: nil) }
    for comment in detail.comments ?? [] {
      items.append(.comment(cid: comment.cid))
      items += detail.quotes.cited(by: comment).map { .citation(pid: $0.pid, inComment: comment.cid) }
    }
    return items
  }

  /// The comment `cid`, if the post has it.
  func comment(_ cid: Int) -> Comment? {
    detail.comments?.first { $0.cid == cid }
  }

  /// The text under the cursor: the post's, the comment's, or the cited post's.
  var cursorText: String? {
    text(of: cursor)
  }

  private func text(of item: PostItem) -> String? {
    switch item {
    case .post: detail.post?.text
    case .comment(let cid): comment(cid)?.text
    case .citation(let pid, _): detail.quotes.all.first { $0.pid == pid }?.post?.text
    }
  }

  /// Carries out a cursor intent; answers what to tell the user, if anything. Loading intents
  /// (``PostIntent/replace(_:)``, ``PostIntent/refresh``) are the view model's and change nothing here.
  mutating func apply(_ intent: PostIntent) -> String? {
    let items = items
    let index = items.firstIndex(of: cursor) ?? 0
    switch intent {
    case .move(let delta):
      place(items[max(0, min(items.count - 1, index + delta))])
    case .nextComment(let delta):
      let comments = items.indices.filter { if case .comment = items[$0] { true } else { false } }
      let next = delta > 0 ? comments.first { $0 > index } : comments.last { $0 < index }
      guard let next else { return delta > 0 ? "no next comment" : "no previous comment" }
      place(items[next])
    case .top: place(.post)
    case .bottom:
      place(items[items.count - 1])
      showsEnd = true
    case .scrolled:
      followsCursor = false
      showsEnd = false
    case .jumpToReplied:
      if let last = jumps.last, last.to == cursor { return apply(.jumpBack) }
      let cid: Int
      switch cursor {
      case .comment(let id), .citation(_, let id?): cid = id
      case .post, .citation(_, nil): return "p follows a reply: move to a comment first (J)"
      }
      guard let target = comment(cid)?.shownReplyTarget else { return "#\(cid) replies to no other comment" }
      guard comment(target) != nil else { return "#\(target) is not among the comments" }
      jumps.append(Jump(from: cursor, to: .comment(cid: target)))
      place(.comment(cid: target))
    case .jumpBack:
      guard let last = jumps.popLast() else { return "no jump to go back from" }
      place(last.from)
    case .find(let typed):
      let query = typed.isEmpty ? (findQuery ?? "") : typed
      guard !query.isEmpty else { return nil }
      findQuery = query
      let matches = items.indices.filter { text(of: items[$0])?.lowercased().contains(query.lowercased()) ?? false }
      guard let next = matches.first(where: { $0 > index }) ?? matches.first else {
        return "no \"\(query)\" in #\(pid)"
      }
      place(items[next])
      return "\"\(query)\": \((matches.firstIndex(of: next) ?? 0) + 1) of \(matches.count)"
    case .nextNew:
      let new = (detail.comments ?? []).suffix(newComments).compactMap { items.firstIndex(of: .comment(cid: $0.cid)) }
      guard let next = new.first(where: { $0 > index }) ?? new.first else {
        return "no new comments since you last opened #\(pid)"
      }
      place(items[next])
      return "new comment \((new.firstIndex(of: next) ?? 0) + 1) of \(new.count)"
    case .replace, .refresh:
      break
    }
    return nil
  }

  private mutating func place(_ item: PostItem) {
    cursor = item
    followsCursor = true
    showsEnd = false
  }

  /// Takes the model's latest snapshot. After `G`, the cursor stays on the last item as comments arrive.
  mutating func show(_ snapshot: PostSnapshot) {
    detail = snapshot
    if showsEnd { cursor = items[items.count - 1] }
  }

  /// The cited posts by pid, as the snapshot resolved them.
  var quotes: [Int: Quote] {
    Dictionary(detail.quotes.all.map { ($0.pid, $0) }, uniquingKeysWith: { first, _ in first })
  }

  var status: ReaderStatus {
    switch detail.status {
    case .inProgress: .loading
    case .cached: .cached(since: detail.cachedAt, refreshing: true)
    case .success: .fresh
    case .failure(let message):
      if offline {
        .offline("--offline", since: detail.cachedAt)
      } else if let reason = detail.offline {
        .offline(reason.description, since: detail.cachedAt)
      } else {
        .failed(message)
      }
    case .lethalFailure(let message): .lethal(detail.isDeleted ? "#\(pid) no longer exists" : message)
    }
  }
}

/// What the post screen's cursor rests on: the post itself, a post it or a comment cites, or a
/// comment. Kept by identity, so the cursor stays on its item when cited posts arrive and the
/// screen's items change around it.
///
/// ```swift
/// state.cursor = .citation(pid: 8, inComment: nil)   // Enter opens #8
/// ```
enum PostItem: Sendable, Hashable {
  case post
  /// A cited post, under the post's text (`inComment` nil) or under comment `inComment`'s.
  case citation(pid: Int, inComment: Int?)
  case comment(cid: Int)
}
