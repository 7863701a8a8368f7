import HollowKit
import Testing

@testable import HollowCLI

/// The reader's views are pure: state and size in, lines out, no terminal.
@Suite struct ReaderViewTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme

  private func feed(_ count: Int, cursor: Int = 0) -> FeedState {
    var state = FeedState(kind: .timeline)
    state.posts = (1...count).map { ReaderFixtures.post(40_000 + $0, "第\($0)条 树洞里的一句话 line") }
    state.origin = .network
    state.cursor = cursor
    return state
  }

  @Test func theFeedFillsTheScreenWithATitleAndAStatusLine() {
    let (lines, top) = FeedView.lines(feed(10), size: size, top: 0, theme: theme, message: nil)
    #expect(lines.count == 24)
    #expect(top == 0)
    #expect(lines[0].text.hasPrefix(" hollow · timeline · 10 posts · 1/10"))
    #expect(lines[1].text.hasPrefix("▌ #40001"))
    #expect(lines[23].text.contains("fresh"))
    #expect(lines[23].text.contains("? help"))
    for line in lines { #expect(line.columns <= 80, "\(line.text)") }
  }

  @Test func theSelectedPostIsKeptOnScreenAsTheCursorMovesDown() {
    let state = feed(30, cursor: 12)
    let (lines, top) = FeedView.lines(state, size: size, top: 0, theme: theme, message: nil)
    #expect(top > 0)
    #expect(lines.contains { $0.text.hasPrefix("▌ #40013") })
    // Moving up past the top scrolls back.
    var up = state
    up.cursor = 2
    let (back, newTop) = FeedView.lines(up, size: size, top: top, theme: theme, message: nil)
    #expect(newTop == 2)
    #expect(back[1].text.hasPrefix("▌ #40003"))
  }

  @Test func theEndOfTheFeedAndLoadingMoreAreShownUnderTheLastPost() {
    var state = feed(2, cursor: 1)
    state.phase = .exhausted
    #expect(
      FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines.contains {
        $0.text.contains("— end of timeline —")
      })
    state.phase = .loadingMore
    #expect(
      FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines.contains {
        $0.text.contains("loading more…")
      })
  }

  @Test(arguments: [
    (FeedState.Fixture.loading, "loading…"), (.cachedRefreshing, "cached, refreshing…"), (.fresh, "fresh"),
    (.failedWithCache, "refresh failed: "), (.lethal, "failed: "), (.offline, "offline: no route"),
  ])
  func theStatusLineSaysWhereTheDataStands(fixture: FeedState.Fixture, text: String) {
    let lines = FeedView.lines(fixture.state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[23].text.contains(text), "\(lines[23].text)")
    if fixture == .lethal { #expect(lines.contains { $0.text.contains("press r to retry") }) }
  }

  @Test func anActionsMessageJoinsTheStatusLine() {
    let lines = FeedView.lines(feed(1), size: size, top: 0, theme: theme, message: ReaderMessage("following #40001"))
      .lines
    #expect(lines[23].text.contains("following #40001"))
  }

  @Test func usableAt80x24WithCJKTextWrappedToTheWidth() {
    var state = feed(1)
    state.posts[0].text = String(repeating: "树洞", count: 200)
    let lines = FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    for line in lines { #expect(line.columns <= 80) }
    #expect(lines.contains { $0.text.contains("more lines") })
  }

  @Test func noColourMeansNoEscapeSequences() {
    let lines = FeedView.lines(feed(3), size: size, top: 0, theme: theme, message: nil).lines
    #expect(!lines.contains { $0.text.contains("\u{1B}") })
    var colored = theme
    colored.capabilities = TerminalCapabilities(colorDepth: .basic)
    #expect(
      FeedView.lines(feed(3), size: size, top: 0, theme: colored, message: nil).lines[0].text.contains("\u{1B}[7m"))
  }

  @Test func thePostScreenShowsCommentsWithTheirReplyTargetsAndScrolls() {
    var state = PostState(pid: 7)
    state.detail = PostDetailSnapshot(
      pid: 7, status: .success, post: ReaderFixtures.post(7, "see #8"),
      comments: (1...40).map {
        Comment(
          cid: $0, pid: 7, text: "comment \($0)", timestamp: 1_700_000_000, replyTo: $0 > 1 ? $0 - 1 : nil,
          name: "Alice")
      })
    state.quotes[8] = .post(ReaderFixtures.post(8, "the cited post"), origin: .network)
    let (lines, offset) = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
    #expect(offset == 0)
    #expect(lines[0].text.contains("#7"))
    #expect(lines.contains { $0.text.contains("│ #8") })
    #expect(lines.contains { $0.text.contains("40 comments") })
    let (scrolled, clamped) = PostView.lines(state, size: size, offset: 1_000_000, theme: theme, message: nil)
    #expect(clamped > 0 && clamped < 1_000_000)
    #expect(scrolled.contains { $0.text.contains("— end —") })
    #expect(scrolled.contains { $0.text.contains("comment 40") })
  }

  @Test func theHelpListsEveryKey() {
    let lines = HelpView.lines(size: size, theme: theme)
    for (keys, _) in ReaderKeyMap.help { #expect(lines.contains { $0.text.contains(keys) }, "\(keys)") }
  }
}

extension FeedState {
  /// Named states for the status-line table.
  enum Fixture: Sendable, CaseIterable {
    case loading, cachedRefreshing, fresh, failedWithCache, lethal, offline

    var state: FeedState {
      var state = FeedState(kind: .timeline)
      let error = HollowError(request: "post/list", kind: .httpStatus(502))
      let posts = [ReaderFixtures.post(1)]
      switch self {
      case .loading: state.phase = .refreshing
      case .cachedRefreshing:
        state.posts = posts
        state.origin = .cache
        state.phase = .refreshing
      case .fresh:
        state.posts = posts
        state.origin = .network
      case .failedWithCache:
        state.posts = posts
        state.origin = .cache
        state.phase = .failed(error)
      case .lethal: state.phase = .failed(error)
      case .offline:
        state.posts = posts
        state.origin = .cache
        state.offlineReason = "no route"
      }
      return state
    }
  }
}
