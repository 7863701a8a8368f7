import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The status line's six data-source states on the feed and the post screen, the cache's age
/// worded against the frame's clock (the theme's `now`, injected: no waiting).
@Suite struct ReaderStatusTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme
  /// Five minutes before the theme's now.
  private let fiveMinutesAgo = ReaderFixtures.theme.now.addingTimeInterval(-300)
  private let error = HollowError(request: "post/list", kind: .httpStatus(502))

  /// The status line's text: the last row, and the one above when it wrapped to two.
  private func statusRow(_ state: FeedState, theme: ReaderTheme? = nil) -> String {
    let theme = theme ?? self.theme
    let rows = ReaderChrome.statusLine(state.status, message: nil, hint: "", theme: theme, width: size.columns).count
    return FeedView.lines(state, size: size, top: 0, theme: theme, message: nil).lines.suffix(rows).map(\.text)
      .joined(separator: " ")
  }

  private func statusRow(_ state: PostState, theme: ReaderTheme? = nil) -> String {
    let theme = theme ?? self.theme
    let rows = ReaderChrome.statusLine(state.status, message: nil, hint: "", theme: theme, width: size.columns).count
    return PostView.lines(state, size: size, offset: 0, theme: theme, message: nil).lines.suffix(rows).map(\.text)
      .joined(separator: " ")
  }

  private func feed(
    origin: LoadOrigin?, phase: FeedPhase = .fresh, cachedAt: Date? = nil, isLoading: Bool = false,
    offline: OfflineReason? = nil
  ) -> FeedState {
    ReaderFixtures.feedState(
      [ReaderFixtures.post(1)], origin: origin, phase: phase, cachedAt: cachedAt, isLoading: isLoading,
      offline: offline)
  }

  private func post(_ status: LoadStatus, cachedAt: Date? = nil, offline: OfflineReason? = nil) -> PostState {
    var state = PostState(pid: 7)
    state.detail = PostSnapshot(
      pid: 7, status: status, post: status.hasData ? ReaderFixtures.post(7) : nil, comments: [], cachedAt: cachedAt,
      offline: offline)
    return state
  }

  @Test func theCachedFeedShowsItsAgeWhileItRefreshes() {
    let state = feed(origin: .cache, phase: .cached, cachedAt: fiveMinutesAgo, isLoading: true)
    #expect(state.status == .cached(since: fiveMinutesAgo, refreshing: true))
    #expect(statusRow(state).contains("cached 5 min ago, refreshing…"), "\(statusRow(state))")
  }

  @Test func theAgeIsWordedAgainstTheFramesClock() {
    let state = feed(origin: .cache, phase: .cached, cachedAt: fiveMinutesAgo, isLoading: true)
    var later = theme
    later.now = theme.now.addingTimeInterval(2 * 3_600)
    #expect(statusRow(state, theme: later).contains("cached 2 h ago, refreshing…"))
  }

  @Test func aCachedFeedWithAnUnknownAgeSaysCached() {
    #expect(statusRow(feed(origin: .cache, phase: .cached, isLoading: true)).contains("cached, refreshing…"))
  }

  @Test func theFeedsSixStates() {
    let loading = ReaderFixtures.feedState([], origin: nil, phase: .loading, isLoading: true)
    #expect(loading.status == .loading)
    #expect(statusRow(loading).contains("loading…"))

    #expect(
      statusRow(feed(origin: .cache, phase: .cached, cachedAt: fiveMinutesAgo, isLoading: true)).contains(
        "cached 5 min ago"))

    let fresh = feed(origin: .network)
    #expect(fresh.status == .fresh)
    #expect(statusRow(fresh).contains(" fresh"))
    #expect(!statusRow(fresh).contains("cached"))

    let failed = feed(origin: .cache, phase: .failed(error), cachedAt: fiveMinutesAgo)
    #expect(failed.status == .failed(error.kind.description))
    #expect(statusRow(failed).contains("refresh failed: "))
    #expect(statusRow(failed).contains("(showing cached data)"))

    let lethal = ReaderFixtures.feedState([], origin: nil, phase: .lethal(error))
    let lethalLines = FeedView.lines(lethal, size: size, top: 0, theme: theme, message: nil).lines
    #expect(lethal.status == .lethal(error.kind.description))
    #expect(lethalLines[23].text.contains("failed: "))
    #expect(lethalLines[23].text.contains("r retries"))
    #expect(lethalLines.contains { $0.text.contains("press r to retry") })

    let offline = feed(
      origin: .cache, phase: .offline, cachedAt: fiveMinutesAgo,
      offline: .unreachable(HollowError(request: "post/list", kind: .transport(.notConnected))))
    #expect(offline.status == .offline("cannot connect to the server", since: fiveMinutesAgo))
    #expect(
      statusRow(offline).contains("offline: cannot connect to the server (showing data cached 5 min ago)"),
      "\(statusRow(offline))")
  }

  @Test func thePostsSixStates() {
    let loading = post(.inProgress)
    #expect(loading.status == .loading)
    #expect(statusRow(loading).contains("loading…"))

    let cached = post(.cached, cachedAt: fiveMinutesAgo)
    #expect(cached.status == .cached(since: fiveMinutesAgo, refreshing: true))
    #expect(statusRow(cached).contains("cached 5 min ago, refreshing…"))

    #expect(post(.success).status == .fresh)
    #expect(statusRow(post(.success)).contains(" fresh"))

    let failed = post(.failure("post/detail: HTTP 502"), cachedAt: fiveMinutesAgo)
    #expect(failed.status == .failed("post/detail: HTTP 502"))
    #expect(statusRow(failed).contains("refresh failed: post/detail: HTTP 502 (showing cached data)"))

    let lethal = post(.lethalFailure("post/detail: HTTP 502"))
    let lethalLines = PostView.lines(lethal, size: size, offset: 0, theme: theme, message: nil).lines
    #expect(lethal.status == .lethal("post/detail: HTTP 502"))
    #expect(lethalLines[23].text.contains("failed: post/detail: HTTP 502 · r retries"))
    #expect(lethalLines.contains { $0.text.contains("r retries · h goes back") })

    let unreachable = HollowError(request: "post/detail", kind: .transport(.notConnected))
    let offline = post(
      .failure(unreachable.description), cachedAt: fiveMinutesAgo, offline: .unreachable(unreachable))
    #expect(offline.status == .offline(unreachable.description, since: fiveMinutesAgo))
    #expect(statusRow(offline).contains("offline: "))
    #expect(statusRow(offline).contains("5 min ago"))
  }

  @Test func offlineAskedForIsTheOfflineStateWithTheCachesAge() {
    var state = PostState(pid: 7, offline: true)
    state.detail = PostSnapshot(
      pid: 7, status: .failure("offline"), post: ReaderFixtures.post(7), cachedAt: fiveMinutesAgo, offline: .requested)
    #expect(state.status == .offline("--offline", since: fiveMinutesAgo))
    #expect(statusRow(state).contains("offline: --offline (showing data cached 5 min ago)"))
  }

  @Test func problemsAreWarnings() {
    #expect(ReaderStatus.failed("x").isProblem)
    #expect(ReaderStatus.lethal("x").isProblem)
    #expect(ReaderStatus.offline("x", since: nil).isProblem)
    #expect(!ReaderStatus.cached(since: nil, refreshing: true).isProblem)
    #expect(!ReaderStatus.fresh.isProblem)
    #expect(!ReaderStatus.loading.isProblem)
  }
}
