import Foundation
import HollowKit
import Signal
import Testing

@testable import HollowCLI

/// The read state: one fact per post, bounded, kept in a file that is replaced whole and, when
/// unusable, set aside with a warning.
@Suite struct ReadStateTests {
  private func post(_ pid: Int, replies: Int) -> Post {
    var post = ReaderFixtures.post(pid)
    post.replyCount = replies
    return post
  }

  private func withFolder(_ body: (String) throws -> Void) rethrows {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-read-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.path)
  }

  @Test func anOpenedPostIsReadAndShowsTheCommentsThatCameSince() {
    var state = ReadState()
    #expect(state.mark(for: post(1, replies: 3)) == .unread)
    state.open(1, comments: 3)
    #expect(state.mark(for: post(1, replies: 3)) == .read)
    #expect(state.mark(for: post(1, replies: 5)) == .news(2))
    // Fewer (a comment deleted), or a hostile count: no news, no overflow.
    #expect(state.mark(for: post(1, replies: 1)) == .read)
    state.open(2, comments: -5)
    #expect(state.mark(for: post(2, replies: Int.min)) == .read)
    state.open(3, comments: 0)
    #expect(state.mark(for: post(3, replies: Int.max)) == .news(Int.max))
  }

  @Test func followingCountsNewsFromThenWithoutMarkingTheRead() {
    var state = ReadState()
    state.follow(7, comments: 4)
    #expect(state.mark(for: post(7, replies: 4)) == .unread)
    #expect(state.mark(for: post(7, replies: 6)) == .news(2))
    // Following again does not reset the count.
    state.follow(7, comments: 6)
    #expect(state.mark(for: post(7, replies: 6)) == .news(2))
  }

  @Test func nextWithNewsGoesRoundTheList() {
    var state = ReadState()
    state.open(2, comments: 1)
    state.open(4, comments: 1)
    let posts = [post(1, replies: 9), post(2, replies: 3), post(3, replies: 0), post(4, replies: 2)]
    #expect(state.nextWithNews(in: posts, after: 0) == 1)
    #expect(state.nextWithNews(in: posts, after: 1) == 3)
    #expect(state.nextWithNews(in: posts, after: 3) == 1)
    #expect(state.nextWithNews(in: [post(1, replies: 1)], after: 0) == nil)
    #expect(state.nextWithNews(in: [], after: 0) == nil)
  }

  @Test func pastTheCapacityTheOldestTouchedIsForgotten() {
    var state = ReadState(capacity: 3)
    state.open(1, comments: 0)
    state.open(2, comments: 0)
    state.open(3, comments: 0)
    state.open(1, comments: 1)  // touched again: now the newest
    state.open(4, comments: 0)
    #expect(Set(state.facts.keys) == [1, 3, 4])
    state.open(5, comments: 0)
    #expect(Set(state.facts.keys) == [1, 4, 5])
  }

  @Test func theFileRoundTripsAndKeepsTheNewestWhenOverTheCapacity() throws {
    var state = ReadState()
    state.open(40117, comments: 5)
    state.follow(40118, comments: 2)
    state.seeMessages(upTo: 12)
    let decoded = try ReadState.decoded(state.encoded())
    #expect(decoded.facts == state.facts)
    #expect(decoded.seenMessageID == 12)
    let small = try ReadState.decoded(state.encoded(), capacity: 1)
    #expect(Array(small.facts.keys) == [40118])
  }

  @Test func anUnusableFileIsAClearErrorNotACrash() {
    for text in [
      "", "{", "[]", #"{"version":2,"messages":0,"posts":[]}"#, #"{"version":1,"messages":0,"posts":[[1,2]]}"#,
      #"{"version":1,"messages":0,"posts":[[1,-2,1,0]]}"#, #"{"version":1,"messages":0,"posts":[[1,2,7,0]]}"#,
      #"{"version":1,"messages":"x","posts":[]}"#,
    ] {
      #expect(throws: ReadStateError.self, "\(text)") { try ReadState.decoded(Data(text.utf8)) }
    }
    // Hostile numbers are accepted and renumbered, not trusted.
    let odd = #"{"version":1,"messages":-4,"posts":[[1,2,1,9223372036854775807],[2,0,0,-9223372036854775808]]}"#
    let state = try? ReadState.decoded(Data(odd.utf8))
    #expect(state?.facts[2]?.order == 0)
    #expect(state?.facts[1]?.order == 1)
    #expect(state?.seenMessageID == 0)
  }

  @Test func theStoreKeepsTheStateAcrossRunsInOneFileOfMode0600() throws {
    try withFolder { folder in
      let store = ReadStateStore(folder: folder, namespace: "abc")
      #expect(store.warning == nil)
      #expect(store.send(.opened(40117, comments: 5)) == nil)
      store.send(.sawMessages(upTo: 3))
      let path = try #require(store.path)
      #expect(path == folder + "/read-abc.json")
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      let again = ReadStateStore(folder: folder, namespace: "abc")
      #expect(again.state.mark(for: post(40117, replies: 7)) == .news(2))
      #expect(again.state.seenMessageID == 3)
      // Another account or server: another file.
      #expect(ReadStateStore(folder: folder, namespace: "def").state.facts.isEmpty)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["read-abc.json"])
    }
  }

  @Test func aCorruptFileIsSetAsideWithAWarningAndAFreshStart() throws {
    try withFolder { folder in
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = folder + "/read-abc.json"
      try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
      let store = ReadStateStore(folder: folder, namespace: "abc")
      let warning = try #require(store.warning)
      #expect(warning.contains("read marks start afresh"))
      #expect(warning.contains("not a read-state file"))
      #expect(warning.contains(path + ".corrupt"))
      #expect(store.state.facts.isEmpty)
      #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
      store.send(.opened(1, comments: 0))
      #expect(ReadStateStore(folder: folder, namespace: "abc").warning == nil)
    }
  }

  @Test func anUnwritableFolderIsSaidOnceAndTheStateLastsTheRun() throws {
    try withFolder { folder in
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      // A file where the data folder should be: nothing can be created under it.
      let blocked = folder + "/blocked"
      try Data().write(to: URL(fileURLWithPath: blocked))
      let store = ReadStateStore(folder: blocked, namespace: "abc")
      let first = store.send(.opened(1, comments: 0))
      #expect(first?.isError == true)
      #expect(first?.text.contains("read marks kept until you quit") == true)
      #expect(store.send(.opened(2, comments: 0)) == nil)
      #expect(store.state.mark(for: post(2, replies: 0)) == .read)
    }
  }

  @Test func theListMarksReadPostsAndNewsOnTheirFirstLine() {
    var reads = ReadState()
    reads.open(40_001, comments: 1)
    reads.open(40_002, comments: 1)
    let feed = ReaderFixtures.feedState([post(40_001, replies: 1), post(40_002, replies: 3), post(40_003, replies: 2)])
    let (lines, _) = FeedView.lines(
      feed, size: ScreenSize(rows: 30, columns: 80), top: 0, theme: ReaderFixtures.theme, message: nil, reads: reads)
    #expect(lines[0].text.hasPrefix(" hollow · timeline · 3 posts · 1/3 · 1 with news (u)"))
    let firstLines = lines.map(\.text).filter { $0.contains("#4000") }
    #expect(firstLines.count == 3)
    #expect(firstLines[0].hasSuffix("1 reply · read"))
    #expect(firstLines[1].hasSuffix("3 replies · +2 new"))
    #expect(!firstLines[2].contains("read") && !firstLines[2].contains("new"))
  }

  @Test func theFollowedFeedsPostsBecomeBaselinesOnceAndOthersDoNot() async {
    let store = ReadStateStore()
    store.send(.opened(40_002, comments: 1))
    let feeds = CurrentValueSubject<FeedState, Never>(ReaderFixtures.feedState([post(40_009, replies: 4)]))
    let watching = FollowedBaseline.watch(feeds, into: store)
    defer { watching.cancel() }
    await feeds.send(
      ReaderFixtures.feedState([post(40_001, replies: 3), post(40_002, replies: 5)], source: .followed))
    var changes = store.states.makeAsyncIterator()
    var state = await changes.next()
    while state?.facts[40_001] == nil { state = await changes.next() }
    #expect(state?.facts[40_001]?.seenComments == 3)
    #expect(state?.facts[40_001]?.opened == false)
    // An opened post keeps its count: its news stay.
    #expect(state?.mark(for: post(40_002, replies: 5)) == .news(4))
    // The timeline's posts are not baselines.
    #expect(state?.facts[40_009] == nil)
  }
}
