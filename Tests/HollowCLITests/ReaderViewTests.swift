import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The reader's views are pure: state and size in, lines out, no terminal.
@Suite struct ReaderViewTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme

  private func feed(_ count: Int, cursor: Int = 0, isLoading: Bool = false, endReached: Bool = false) -> FeedState {
    var state = ReaderFixtures.feedState(
      (1...count).map { ReaderFixtures.post(40_000 + $0, "第\($0)条 树洞里的一句话 line") }, isLoading: isLoading,
      endReached: endReached)
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
    let state = feed(2, cursor: 1, endReached: true)
    #expect(
      FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines.contains {
        $0.text.contains("— end of timeline —")
      })
    #expect(
      FeedView.lines(feed(2, cursor: 1, isLoading: true), size: size, top: 0, theme: theme, message: nil).lines.contains
      {
        $0.text.contains("loading more…")
      })
  }

  @Test(arguments: [
    (FeedState.Fixture.loading, "loading…"), (.cachedRefreshing, "cached, refreshing…"), (.fresh, "fresh"),
    (.failedWithCache, "refresh failed: "), (.lethal, "failed: "), (.offline, "offline: cannot connect to the server"),
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
    let state = ReaderFixtures.feedState([ReaderFixtures.post(40_001, String(repeating: "树洞", count: 200))])
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
    state.detail = PostSnapshot(
      pid: 7, status: .success, post: ReaderFixtures.post(7, "see #8"),
      comments: (1...40).map {
        Comment(
          cid: $0, pid: 7, text: "comment \($0)", timestamp: 1_700_000_000, replyTo: $0 > 1 ? $0 - 1 : nil,
          name: "Alice")
      },
      quotes: ResolvedQuotes(
        post: [.post(ReaderFixtures.post(8, "the cited post"), origin: .network)],
        all: [.post(ReaderFixtures.post(8, "the cited post"), origin: .network)]))
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

  @Test func aLoadedPNGIsAHalfBlockPictureInTruecolourAndItsSizeWithoutColour() throws {
    let png = PNGBuilder.png(
      width: 40, height: 20, bitDepth: 8, colorType: 2,
      scanlines: (0..<20).flatMap { (y: Int) -> [UInt8] in
        var row: [UInt8] = [0]
        for x in 0..<40 { row += [UInt8(x * 4), UInt8(y * 8), 90] }
        return row
      })
    var post = ReaderFixtures.post(7, "a picture")
    post.type = .image
    post.imagePath = "a/b.png"
    post.imageMetadata = ImageMetadata(width: 40, height: 20)
    var state = PostState(pid: 7)
    state.detail = PostSnapshot(pid: 7, status: .success, post: post, comments: [])
    let image = LoadedImage(
      url: URL(string: "http://127.0.0.1/a/b.png")!, data: Data(png),
      header: ImageHeader(format: .png, size: ImageMetadata(width: 40, height: 20)), origin: .network)
    state.images["a/b.png"] = .loaded(image, PictureDecoding.bitmap(of: image))

    var truecolor = theme
    truecolor.capabilities = TerminalCapabilities(colorDepth: .trueColor)
    let pictured = PostView.lines(state, size: size, offset: 0, theme: truecolor, message: nil).lines
    let cells = pictured.filter { $0.text.contains("▀") }
    #expect(cells.count == 10, "40 × 20 pixels: 40 columns, 10 rows")
    #expect(cells.allSatisfy { $0.columns == 1 + 2 + 40 && $0.text.contains("\u{1B}[38;2;") })
    // A taller picture stops at two thirds of the 22 body rows, its aspect kept.
    #expect(PostView.pictureRows(size) == 14)
    #expect(!pictured.contains { $0.text.contains("[image") })

    let plain = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil).lines
    // The cursor rests on the post: its rows are marked in the gutter.
    #expect(plain.contains { $0.text == "▌  [image 40x20]" })
    #expect(!plain.contains { $0.text.contains("▀") })
  }

  @Test func theCompactListShowsOnePostPerRow() {
    let state = feed(30, cursor: 25)
    let (lines, top) = FeedView.lines(state, size: size, top: 0, theme: theme, message: nil, compact: true)
    #expect(lines.count == 24)
    #expect(lines[0].text.contains("30 posts · 26/30"))
    // 22 rows between the bars: the selected post (26th) is the last row, one post a row.
    #expect(top == 4)
    #expect(lines[1].text.hasPrefix("  #40005"))
    #expect(lines[22].text.hasPrefix("▌ #40026"))
    #expect(lines[22].text.contains("第26条 树洞里的一句话 line"))
    for line in lines { #expect(line.columns <= 80, "\(line.text)") }
    let narrow = FeedView.lines(
      state, size: ScreenSize(rows: 24, columns: 30), top: 0, theme: theme, message: nil, compact: true)
    for line in narrow.lines.dropFirst().dropLast() { #expect(line.columns <= 30, "\(line.text)") }
  }

  @Test func theDisplaySwitchesPicturesOffInTheTheme() {
    var display = ReaderDisplay()
    #expect(display.applied(to: theme).capabilities.showsPictures)
    #expect(display.toggle(.pictures) == "pictures off (i shows them)")
    #expect(!display.applied(to: theme).capabilities.showsPictures)
    #expect(display.toggle(.compact).hasPrefix("compact list"))
    #expect(display.compact)
  }

  @Test func theHelpListsEveryKey() {
    let lines = HelpView.lines(size: ScreenSize(rows: 60, columns: 100), theme: theme).lines
    for (keys, _) in ReaderKeyMap.help { #expect(lines.contains { $0.text.contains(keys) }, "\(keys)") }
  }
}

extension FeedState {
  /// Named states for the status-line table.
  enum Fixture: Sendable, CaseIterable {
    case loading, cachedRefreshing, fresh, failedWithCache, lethal, offline

    var state: FeedState {
      let error = HollowError(request: "post/list", kind: .httpStatus(502))
      let posts = [ReaderFixtures.post(1)]
      switch self {
      case .loading: return ReaderFixtures.feedState([], origin: nil, phase: .loading, isLoading: true)
      case .cachedRefreshing: return ReaderFixtures.feedState(posts, origin: .cache, phase: .cached, isLoading: true)
      case .fresh: return ReaderFixtures.feedState(posts)
      case .failedWithCache: return ReaderFixtures.feedState(posts, origin: .cache, phase: .failed(error))
      case .lethal: return ReaderFixtures.feedState([], origin: nil, phase: .lethal(error))
      case .offline:
        return ReaderFixtures.feedState(
          posts, origin: .cache, phase: .offline,
          offline: .unreachable(HollowError(request: "post/list", kind: .transport(.notConnected))))
      }
    }
  }
}
