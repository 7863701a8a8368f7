import Foundation
import HollowKit
import HollowServer
import Signal
import TestScheduling
import Testing

@testable import HollowCLI

/// The post screen's cursor without a terminal: the state's moves, jumps and search, the view's
/// mark and scroll, and the app's navigation (a citation opens and `h` comes back to the same
/// place; `:` and a pid open a post) against the demo server.
@Suite(.offCooperativePool, .timeLimit(.minutes(1))) struct PostCursorTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme

  /// #7 cites #8; comment 1 cites #9; each comment from the second answers the one before.
  private static func state(comments count: Int = 5) -> PostState {
    var state = PostState(pid: 7)
    let comments = (1...count).map {
      Comment(
        cid: $0, pid: 7, text: $0 == 1 ? "the first, see #9" : "comment \($0)", timestamp: 1_700_000_000,
        replyTo: $0 > 1 ? $0 - 1 : nil, name: "Alice")
    }
    let eight = Quote.post(ReaderFixtures.post(8, "the cited post"), origin: .network)
    let nine = Quote.post(ReaderFixtures.post(9, "another cited post"), origin: .network)
    state.detail = PostSnapshot(
      pid: 7, status: .success, post: ReaderFixtures.post(7, "see #8"), comments: comments,
      quotes: ResolvedQuotes(post: [eight], comments: [1: [nine]], all: [eight, nine]))
    return state
  }

  @Test func theCursorMovesOverThePostItsCitationsAndEachComment() {
    var state = Self.state(comments: 2)
    #expect(
      state.items == [
        .post, .citation(pid: 8, inComment: nil), .comment(cid: 1), .citation(pid: 9, inComment: 1), .comment(cid: 2),
      ])
    #expect(state.cursor == .post && state.cursorText == "see #8")
    _ = state.apply(.move(by: 1))
    #expect(state.cursor == .citation(pid: 8, inComment: nil) && state.cursorText == "the cited post")
    _ = state.apply(.nextComment(1))
    #expect(state.cursor == .comment(cid: 1) && state.followsCursor)
    _ = state.apply(.nextComment(1))
    #expect(state.cursor == .comment(cid: 2) && state.cursorText == "comment 2")
    #expect(state.apply(.nextComment(1)) == "no next comment")
    _ = state.apply(.nextComment(-1))
    #expect(state.cursor == .comment(cid: 1))
    _ = state.apply(.bottom)
    #expect(state.cursor == .comment(cid: 2))
    _ = state.apply(.move(by: 99))
    #expect(state.cursor == .comment(cid: 2))
    _ = state.apply(.scrolled)
    #expect(!state.followsCursor)
    _ = state.apply(.top)
    #expect(state.cursor == .post && state.followsCursor)
  }

  @Test func pJumpsToTheRepliedCommentAndPAgainOrBackspaceComesBack() {
    var state = Self.state()
    #expect(state.apply(.jumpToReplied) == "p follows a reply: move to a comment first (J)")
    _ = state.apply(.bottom)
    #expect(state.cursor == .comment(cid: 5))
    _ = state.apply(.jumpToReplied)
    #expect(state.cursor == .comment(cid: 4))
    _ = state.apply(.jumpToReplied)
    #expect(state.cursor == .comment(cid: 5), "p on the landing comment goes back")
    _ = state.apply(.jumpToReplied)
    _ = state.apply(.move(by: -1))
    _ = state.apply(.jumpToReplied)
    #expect(state.jumps.count == 2)
    _ = state.apply(.jumpBack)
    _ = state.apply(.jumpBack)
    #expect(state.cursor == .comment(cid: 5) && state.jumps.isEmpty)
    #expect(state.apply(.jumpBack) == "no jump to go back from")
    _ = state.apply(.top)
    _ = state.apply(.nextComment(1))
    #expect(state.apply(.jumpToReplied) == "#1 replies to no other comment")
  }

  @Test func findMovesToTheNextItemHoldingTheTextAndAgainWithoutIt() {
    var state = Self.state()
    #expect(state.apply(.find("COMMENT")) == "\"COMMENT\": 1 of 4")
    #expect(state.cursor == .comment(cid: 2))
    #expect(state.apply(.find("")) == "\"COMMENT\": 2 of 4")
    #expect(state.cursor == .comment(cid: 3))
    #expect(state.apply(.find("cited")) == "\"cited\": 1 of 2")
    #expect(state.cursor == .citation(pid: 8, inComment: nil), "around from the top")
    #expect(state.apply(.find("猫")) == "no \"猫\" in #7")
    #expect(state.cursor == .citation(pid: 8, inComment: nil))
  }

  @Test func theViewHighlightsWhatFindFoundWhereverItIs() {
    var state = Self.state()
    let before = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil).lines.map(\.text)
    #expect(!before.contains { $0.contains("*") })
    _ = state.apply(.find("CITED"))
    let lines = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil).lines.map(\.text)
    // Without colours a highlight is marked `*like this*`, in the letters the text has.
    #expect(lines.contains { $0.contains("the *cited* post") }, "\(lines)")
    #expect(lines.contains { $0.contains("another *cited* post") }, "\(lines)")
    #expect(!lines.contains { $0.contains("*comment*") })
  }

  @Test func theCommentsThatCameSinceTheLastOpeningAreMarkedNew() {
    var state = Self.state()
    state.detail.post?.replyCount = 5
    state.seenComments = 3
    #expect(state.newComments == 2)
    let tall = ScreenSize(rows: 60, columns: 80)
    let lines = PostView.lines(state, size: tall, offset: 0, theme: theme, message: nil).lines.map(\.text)
    let headers = lines.filter { $0.contains(" Alice") }
    #expect(headers.count == 5, "\(lines)")
    #expect(headers.map { $0.contains("· new") } == [false, false, false, true, true], "\(headers)")
    #expect(lines.first?.contains("#7 · 5 replies · 2 new") == true, "\(lines.first ?? "")")
    // u goes through them, round again; the cursor starts on the post.
    #expect(state.apply(.nextNew) == "new comment 1 of 2")
    #expect(state.cursor == .comment(cid: 4))
    #expect(state.apply(.nextNew) == "new comment 2 of 2")
    #expect(state.cursor == .comment(cid: 5))
    #expect(state.apply(.nextNew) == "new comment 1 of 2")
    #expect(state.cursor == .comment(cid: 4))
    // Never opened, nothing since, or fewer than recorded (deleted comments): nothing is new.
    for seen in [nil, 5, 9] {
      state.seenComments = seen
      #expect(state.newComments == 0)
    }
    #expect(state.apply(.nextNew) == "no new comments since you last opened #7")
    // More came than are loaded: at most the comments loaded; a count that would overflow: none.
    state.detail.post?.replyCount = 50
    state.seenComments = 0
    #expect(state.newComments == 5)
    state.seenComments = Int.min
    #expect(state.newComments == 0)
  }

  @Test func openingAPostMarksWhatCameSinceTheReadStateRecordedIt() async throws {
    try await withApp { app in
      var changes = app.changes.makeAsyncIterator()
      await Self.settle(&app, &changes) { $0.shown.feed.posts.contains { $0.replyCount >= 2 } }
      let post = try #require(app.shown.feed.posts.first { $0.replyCount >= 2 })
      // Seen before with one comment fewer than it has now.
      app.readState.send(.opened(post.pid, comments: post.replyCount - 1))
      for key in [":"] + String(post.pid).map(String.init) { _ = app.handle(.character(Character(key))) }
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { Self.topPost($0)?.state.detail.comments?.isEmpty == false }
      #expect(Self.topPost(app)?.state.seenComments == post.replyCount - 1)
      #expect(Self.topPost(app)?.state.newComments == 1)
      #expect(app.frame(size: size, theme: theme).lines.first?.text.contains("· 1 new") == true)
      // u takes the cursor to it: the last comment.
      let last = try #require(Self.topPost(app)?.state.detail.comments?.last?.cid)
      _ = app.handle(.character("u"))
      await Self.settle(&app, &changes) { Self.topPost($0)?.state.cursor == .comment(cid: last) }
      #expect(Self.topPost(app)?.state.cursor == .comment(cid: last))
      // Opening it recorded what it has now: the next opening marks nothing.
      _ = app.handle(.character("h"))
      for key in [":"] + String(post.pid).map(String.init) { _ = app.handle(.character(Character(key))) }
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { Self.topPost($0)?.state.detail.comments?.isEmpty == false }
      #expect(Self.topPost(app)?.state.newComments == 0)
    }
  }

  @Test func theViewMarksTheCursorsRowsAndScrollsToKeepThemInView() {
    var state = Self.state(comments: 40)
    let marked = { (lines: [TerminalText]) in lines.filter { $0.text.contains(String(PostBlock.selectedMark)) } }
    let first = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
    #expect(marked(first.lines).first?.text.contains("#7") == true, "the post is under the cursor")
    _ = state.apply(.move(by: 1))
    let citation = marked(PostView.lines(state, size: size, offset: 0, theme: theme, message: nil).lines)
    #expect(citation.first?.text.contains("│ #8") == true && !citation.contains { $0.text.contains("#7  ") })
    for _ in 0..<30 { _ = state.apply(.nextComment(1)) }
    #expect(state.cursor == .comment(cid: 30))
    let (lines, offset) = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
    #expect(offset > 0)
    #expect(marked(lines).first?.text.contains("#30 Alice") == true, "\(lines.map(\.text))")
    // Paged away, the view leaves the scroll where it is.
    _ = state.apply(.scrolled)
    #expect(PostView.lines(state, size: size, offset: 3, theme: theme, message: nil).offset == 3)
  }

  /// `G` shows the end of the thread and keeps showing it while the screen still grows (comments, pictures and
  /// cited posts arriving after the key): a CI run pressed `G` before #40353's pictures were decoded, and the
  /// pictures then pushed the end out of view, the cursor's item kept at the bottom row instead.
  @Test func gShowsTheEndAndKeepsItWhileTheThreadStillGrows() {
    var state = Self.state(comments: 40)
    let grown = state.detail
    // Pressed while the comments are still loading: the cursor on what is last then, the cited post.
    state.detail = PostSnapshot(
      pid: 7, status: .inProgress, post: grown.post, comments: nil,
      quotes: ResolvedQuotes(post: grown.quotes.post, comments: [:], all: grown.quotes.post))
    _ = state.apply(.bottom)
    #expect(state.cursor == .citation(pid: 8, inComment: nil) && state.showsEnd)
    // The comments arrive: the cursor goes on to the last one, and the view shows the end from any offset the
    // screen kept (the app keeps the last frame's).
    state.show(grown)
    #expect(state.cursor == .comment(cid: 40))
    let end = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
    #expect(end.offset > 0)
    #expect(end.lines.contains { $0.text.contains("— end —") }, "\(end.lines.map(\.text))")
    #expect(end.lines.contains { $0.text.contains("#40 Alice") && $0.text.contains(String(PostBlock.selectedMark)) })
    // Any other key lets go of the end: a move up keeps the cursor in view, a page leaves the scroll where it is.
    _ = state.apply(.move(by: -1))
    #expect(!state.showsEnd && state.cursor == .comment(cid: 39))
    _ = state.apply(.bottom)
    _ = state.apply(.scrolled)
    #expect(!state.showsEnd)
    #expect(PostView.lines(state, size: size, offset: 3, theme: theme, message: nil).offset == 3)
    // Without `G`, a snapshot leaves the cursor where it was.
    _ = state.apply(.top)
    state.show(grown)
    #expect(state.cursor == .post)
  }

  private func withApp(_ body: (inout ReaderApp<ContinuousClock>) async throws -> Void) async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await CLIHarness.withServer(configuration: ServerConfiguration()) { _, url in
      var app = ReaderApp(
        services: try ReaderFixtures.services(url: url, folder: folder), start: .feed(.timeline),
        clock: ContinuousClock(), variables: [:])
      app.start()
      try await body(&app)
    }
  }

  private static func topPost(_ app: ReaderApp<ContinuousClock>) -> PostScreen? {
    if case .post(let screen) = app.navigation.top { return screen }
    return nil
  }

  /// Applies what the models publish (as the loop does) until `condition` holds of the app.
  private static func settle(
    _ app: inout ReaderApp<ContinuousClock>,
    _ changes: inout AnyPublisher<ReaderChange<ContinuousClock>, Never>.AsyncIterator,
    until condition: (ReaderApp<ContinuousClock>) -> Bool
  ) async {
    while !condition(app), let change = await changes.next() { app.apply(change) }
  }

  @Test func colonAndAPidOpenAPostFromAnyScreen() async throws {
    try await withApp { app in
      var changes = app.changes.makeAsyncIterator()
      for key in [":", "#", "4", "0", "1", "8", "2"] { _ = app.handle(.character(Character(key))) }
      #expect(app.compose.state?.label == "open post #")
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { Self.topPost($0)?.model.pid == 40182 }
      #expect(Self.topPost(app)?.model.pid == 40182)
      for key in [":", "x"] { _ = app.handle(.character(Character(key))) }
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { $0.shown.message?.text.contains("is not a pid") == true }
      #expect(app.navigation.screens.count == 2)
    }
  }

  @Test func enterOnACitationOpensItAndHComesBackToTheSamePlace() async throws {
    try await withApp { app in
      var changes = app.changes.makeAsyncIterator()
      for key in [":", "4", "0", "3", "5", "3"] { _ = app.handle(.character(Character(key))) }
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { app in
        guard let state = Self.topPost(app)?.state else { return false }
        return state.detail.isSettled && state.quotes[40182] != nil
      }
      _ = app.handle(.character("j"))
      let citation = PostItem.citation(pid: 40182, inComment: nil)
      await Self.settle(&app, &changes) { Self.topPost($0)?.state.cursor == citation }
      let before = app.frame(size: size, theme: theme).lines
      let screen = try #require(Self.topPost(app))
      _ = app.handle(.enter)
      #expect(Self.topPost(app)?.model.pid == 40182)
      _ = app.handle(.character("h"))
      let back = try #require(Self.topPost(app))
      #expect(back.model === screen.model && back.offset == screen.offset && back.state.cursor == citation)
      #expect(app.frame(size: size, theme: theme).lines.map(\.text) == before.map(\.text))
    }
  }

  @Test func cOnACommentRepliesToItAndYCopiesItsText() async throws {
    try await withApp { app in
      var changes = app.changes.makeAsyncIterator()
      await Self.settle(&app, &changes) { $0.shown.feed.posts.contains { $0.replyCount > 0 } }
      let pid = try #require(app.shown.feed.posts.first { $0.replyCount > 0 }?.pid)
      for key in [":"] + String(pid).map(String.init) { _ = app.handle(.character(Character(key))) }
      _ = app.handle(.enter)
      await Self.settle(&app, &changes) { Self.topPost($0)?.state.detail.comments?.isEmpty == false }
      let model = try #require(Self.topPost(app)?.model)
      _ = app.handle(.character("J"))
      guard case .comment(let cid) = model.state.cursor else {
        Issue.record("J did not reach a comment: \(model.state.cursor)")
        return
      }
      let text = try #require(model.state.comment(cid)?.text)
      let copied = app.handle(.character("Y"))
      #expect(copied == [.write(.control(.clipboard(base64: Data(text.utf8).base64EncodedString())))])
      _ = app.handle(.character("c"))
      #expect(app.compose.state?.purpose == .comment(pid: pid, replyTo: cid))
      #expect(app.compose.state?.label == "reply to #\(cid) in #\(pid)")
    }
  }
}
