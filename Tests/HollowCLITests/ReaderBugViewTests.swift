import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// Issue 23's reader bugs (items 6 to 9) in the views and the app's key handling, without a
/// terminal: state and keys in, lines and messages out.
@Suite struct ReaderBugViewTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme

  /// An app over services that are never asked (nothing is started).
  private func app() throws -> ReaderApp<ContinuousClock> {
    let services = try ReaderFixtures.services(url: "http://127.0.0.1:9", folder: CLIHarness.temporaryFolder())
    return ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
  }

  // MARK: 7. Status messages

  @Test func aFailurePutsTheServersShortReasonFirst() {
    let error = HollowError(request: "send/vote", kind: .server(code: -1, message: "投票失败，已经投过票了"))
    let message = ReaderMessage(failed: "vote in #40178", error)
    #expect(message.isError)
    #expect(message.text.hasPrefix("投票失败，已经投过票了 · vote in #40178 failed: server error -1"))
    let limited = HollowError(request: "search", kind: .rateLimited(.search, message: "请不要短时间内连续搜索树洞"))
    #expect(ReaderMessage(failed: "search", limited).text.hasPrefix("too fast: the server allows"))
  }

  @Test func aLongMessageWrapsToTwoRowsAndATooLongOneSaysMShowsAll() {
    let error = HollowError(request: "send/vote", kind: .server(code: -1, message: "投票失败，已经投过票了"))
    let message = ReaderMessage(failed: "vote in #40178", error)
    let rows = ReaderChrome.statusLine(.fresh, message: message, hint: "? help ", theme: theme, width: 60)
    #expect(rows.count == 2)
    #expect(rows[0].text.hasPrefix(" fresh · 投票失败，已经投过票了 · vote in"))
    for row in rows { #expect(row.columns <= 60, "\(row.text)") }

    let long = ReaderMessage(error: "reason first · " + String(repeating: "detail ", count: 40))
    let cut = ReaderChrome.statusLine(.fresh, message: long, hint: "? help ", theme: theme, width: 60)
    #expect(cut.count == 2)
    #expect(cut[1].text.hasSuffix("… M shows all"))
    #expect(cut[0].text.contains("reason first"))

    // The frame keeps its height: the list gives the second row up.
    let state = ReaderFixtures.feedState((1...5).map { ReaderFixtures.post(40_000 + $0) })
    let lines = FeedView.lines(state, size: size, top: 0, theme: theme, message: message).lines
    #expect(lines.count == 24)
    #expect(lines[22].text.contains("投票失败") && !lines[23].text.isEmpty)
    let short = ReaderChrome.statusLine(
      .fresh, message: ReaderMessage("copied #1"), hint: "? ", theme: theme, width: 80)
    #expect(short.count == 1 && short[0].text.hasSuffix("? "))
  }

  @Test func thePostScreenGivesUpARowToATwoRowMessage() {
    var state = PostState(pid: 7, offline: false)
    state.detail = PostSnapshot(pid: 7, status: .success, post: ReaderFixtures.post(7))
    let error = HollowError(request: "send/comment", kind: .rateLimited(.comment, message: "请不要短时间内连续发送树洞回复"))
    let message = ReaderMessage(failed: "comment on #7", error, suffix: " · draft kept")
    let lines = PostView.lines(state, size: size, offset: 0, theme: theme, message: message).lines
    #expect(lines.count == 24)
    #expect(lines[22].text.contains("too fast: the server allows"))
    #expect(lines[23].text.contains("draft kept") || lines[23].text.hasSuffix("… M shows all"))
  }

  @Test func mShowsTheLastMessageWholeAfterTheStatusLineDroppedIt() throws {
    var app = try app()
    let error = HollowError(request: "send/vote", kind: .server(code: -1, message: "投票失败，已经投过票了"))
    app.apply(.message(ReaderMessage(failed: "vote in #40178", error)))
    app.apply(.message(nil))  // the next key cleared the status line's message...
    _ = app.handle(.character("M"))  // ...but M shows it whole.
    let lines = app.frame(size: ScreenSize(rows: 12, columns: 40), theme: theme).lines
    let text = lines.map(\.text).joined(separator: "\n")
    #expect(lines[0].text.hasPrefix(" hollow · message"))
    #expect(text.contains("投票失败"))
    #expect(text.contains("server error -1"))
    _ = app.handle(.character("q"))
    #expect(app.navigation.overlay == nil)
  }

  @Test func theFeedSaysItIsRefreshingOrLoadingMoreAndThatEscStopsIt() {
    let posts = [ReaderFixtures.post(1)]
    var refreshing = ReaderFixtures.feedState(posts, isLoading: true)
    var snapshot = refreshing.snapshot
    snapshot.isRefreshing = true
    refreshing.apply(snapshot)
    #expect(refreshing.status == .refreshing)
    let row = FeedView.lines(refreshing, size: size, top: 0, theme: theme, message: nil).lines[23].text
    #expect(row.contains("refreshing… (Esc stops)"))

    let more = ReaderFixtures.feedState(posts, isLoading: true)
    #expect(more.status == .loadingMore(page: 2))

    var stopped = ReaderFixtures.feedState([], origin: nil, phase: .loading)
    snapshot = stopped.snapshot
    snapshot.loadCancelled = true
    stopped.apply(snapshot)
    #expect(stopped.status == .stopped)
    let lines = FeedView.lines(stopped, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines.contains { $0.text.contains("stopped · r loads again") })
  }

  @Test func theNewStatusesSayWhatRunsAndWhatIsAProblem() {
    let time = ReaderFixtures.theme.time
    #expect(ReaderStatus.refreshing.text(time) == "refreshing… (Esc stops)")
    #expect(ReaderStatus.loadingMore(page: 3).text(time) == "loading page 3… (Esc stops)")
    #expect(ReaderStatus.stopped.text(time) == "stopped · r loads again")
    #expect(ReaderStatus.problem("30 characters at most").text(time) == "30 characters at most")
    #expect(ReaderStatus.problem("x").isProblem)
    #expect(!ReaderStatus.refreshing.isProblem && !ReaderStatus.loadingMore(page: 2).isProblem)
    #expect(!ReaderStatus.stopped.isProblem)
  }

  // MARK: 8. A query too long

  @Test func aQueryOver30CharactersSaysSoAtTheInput() {
    var state = SearchState(query: String(repeating: "猫", count: 31))
    #expect(state.isTooLong)
    #expect(state.current.source == nil, "nothing to send")
    let lines = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[1].text.contains("30 characters at most"))
    #expect(lines[23].text.contains("30 characters at most (31 typed): nothing sent"))
    #expect(!lines[23].text.contains("refresh failed"))
    state.query = String(repeating: "猫", count: 30)
    #expect(!state.isTooLong)
  }

  @Test func aFailedSearchSaysSoInItsOwnWordsNotARefreshOfCachedData() {
    let query = SearchQuery(typed: "猫", includeComments: false)
    var snapshot = FeedSnapshot(source: query.source!)
    let error = HollowError(request: "search", kind: .server(code: -1, message: "目前树洞服务器负载较高，搜索功能已被暂时停用"))
    snapshot.phase = .lethal(error)
    var state = SearchState(query: "猫")
    state.apply(SearchOutcome(query: query, snapshot: snapshot))
    let lines = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    let status = lines[22].text + lines[23].text
    #expect(status.contains("the search failed: server error -1"))
    #expect(!status.contains("refresh failed") && !status.contains("cached data") && !status.contains("r retries"))
    #expect(lines.contains { $0.text.contains("the search failed: see the status line") })
  }

  // MARK: 9. The search's prompt, the announcement, the help, unknown keys

  @Test func theSearchScreenBeforeTypingIsAPromptNotZeroResults() {
    var state = SearchState()
    state.apply(SearchOutcome(query: state.current, snapshot: nil))
    let lines = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[0].text.hasPrefix(" hollow · search "))
    #expect(!lines[0].text.contains("0 results"))
    #expect(lines.contains { $0.text.contains("type to search") })
    #expect(lines[2].text.contains("in posts only · Tab switches"))
  }

  @Test func aSearchResultShowsItsMatchingCommentsAndCountsUntilTheEnd() {
    let query = SearchQuery(typed: "猫", includeComments: true)
    var snapshot = FeedSnapshot(source: query.source!)
    let post = ReaderFixtures.post(40_001, "a post without the word")
    let comments = (1...3).map {
      Comment(cid: $0, pid: 40_001, text: "这只猫 \($0)", timestamp: 1_700_000_000, name: "Alice")
    }
    let page = FeedPage(number: 1, origin: .network, content: PostPage(posts: [post], comments: [40_001: comments]))
    snapshot.pages = [
      FeedSnapshot.Page(page: page, posts: [FeedPost(page: 1, index: 0, post: post, comments: comments)])
    ]
    snapshot.phase = .fresh
    var state = SearchState(query: "猫", includeComments: true)
    state.apply(SearchOutcome(query: query, snapshot: snapshot))
    var lines = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[0].text.contains("search \"猫\" · 1+ results"))
    #expect(lines.contains { $0.text.contains("Alice: 这只*猫* 1") })
    #expect(lines.contains { $0.text.contains("Alice: 这只*猫* 2") })
    #expect(lines.contains { $0.text.contains("1 more matching comment") })
    #expect(lines.contains { $0.text.contains("↓ more") })
    snapshot.endReached = true
    state.apply(SearchOutcome(query: query, snapshot: snapshot))
    lines = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[0].text.contains("· 1 result"))
    #expect(lines.contains { $0.text.contains("end of the results") })
  }

  @Test func theAnnouncementShowsAboveTheListUntilXHidesIt() {
    var state = ReaderFixtures.feedState([ReaderFixtures.post(1)])
    var snapshot = state.snapshot
    snapshot.pages[0].page.content.config = FrontendConfig(webFrontendVersion: "v3", announcement: "期末周图书馆延长开放")
    state.apply(snapshot)
    var lines = FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lines[1].text.contains("announcement: 期末周图书馆延长开放"))
    #expect(lines[1].text.contains("x hides"))
    #expect(lines[2].text.hasPrefix("▌ #1"))
    state.dismissedAnnouncement = state.announcement
    lines = FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines
    #expect(!lines.contains { $0.text.contains("announcement") })
  }

  @Test func theHelpScrollsWithJKSpaceAndAnyOtherKeyClosesIt() throws {
    var app = try app()
    let small = ScreenSize(rows: 10, columns: 60)
    _ = app.handle(.character("?"))
    var lines = app.frame(size: small, theme: theme).lines
    #expect(lines[0].text.hasPrefix(" hollow · keys"))
    // Too many for 8 rows: the blank lines went first.
    let total = HelpView.body(theme: theme, width: 60).filter { $0 != "" }.count
    #expect(lines[9].text.contains("1-8/\(total)"))
    _ = app.handle(.character("j"))
    lines = app.frame(size: small, theme: theme).lines
    #expect(lines[9].text.contains("2-9/\(total)"))
    _ = app.handle(.character(" "))
    lines = app.frame(size: small, theme: theme).lines
    #expect(lines[9].text.contains("9-16/\(total)"))
    _ = app.handle(.character("G"))
    lines = app.frame(size: small, theme: theme).lines
    #expect(lines[9].text.contains("\(total - 7)-\(total)/\(total)"))
    #expect(lines.contains { $0.text.contains("quit") })
    _ = app.handle(.character("k"))
    #expect(app.navigation.overlay?.content == .help)
    _ = app.handle(.character("z"))
    #expect(app.navigation.overlay == nil)
  }

  @Test func anUnknownKeySaysSo() throws {
    var app = try app()
    _ = app.handle(.character("Z"))
    #expect(app.actions.message == ReaderMessage("unknown key Z: ? for help"))
    _ = app.handle(.control("q"))
    #expect(app.actions.message == ReaderMessage("unknown key Ctrl-Q: ? for help"))
    _ = app.handle(.character("j"))
    #expect(app.actions.message == nil)
    // h on the list goes nowhere, quietly: it is a key the reader knows.
    _ = app.handle(.character("h"))
    #expect(app.actions.message == nil)
  }
}
