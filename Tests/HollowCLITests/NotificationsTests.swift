import Foundation
import HollowKit
import HollowServer
import Signal
import TestScheduling
import Testing

@testable import HollowCLI

/// The notifications: the view model against the demo server (and servers without `my_msgs`), the
/// view from states, the keys; no terminal.
@Suite(.offCooperativePool, .timeLimit(.minutes(1))) struct NotificationsTests {
  private let size = ScreenSize(rows: 24, columns: 80)
  private let theme = ReaderFixtures.theme

  private func firstState(
    _ model: NotificationsViewModel, where condition: @escaping @Sendable (NotificationsState) -> Bool
  ) async -> NotificationsState? {
    await ReaderFixtures.firstState(model.states, where: condition)
  }

  private func withServices(_ body: (ReaderServices) async throws -> Void) async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await CLIHarness.withServer(configuration: ServerConfiguration()) { _, url in
      try await body(try ReaderFixtures.services(url: url, folder: folder))
    }
  }

  /// Services over a client that answers every request with `status` and `body`.
  private func stubServices(
    status: Int, body: String, offline: Bool = false, http: StubHTTPClient? = nil
  ) throws -> ReaderServices {
    let folder = CLIHarness.temporaryFolder()
    let client = TreeHoleClient(
      configuration: ClientConfiguration(apiRoot: URL(string: "http://stub.invalid")!),
      http: http ?? StubHTTPClient(status: status, body: body))
    let cache = try TreeHoleLoaders.openCache(for: client, directory: folder.path)
    return ReaderServices(loaders: TreeHoleLoaders(client: client, cache: cache), offline: offline)
  }

  private static func message(_ id: Int, kind: UserMessage.Kind = .followedPost, pid: Int? = 40117) -> UserMessage {
    UserMessage(
      id: id, title: "有人回复了树洞#\(pid ?? 0)", body: "第\(id)条消息", kind: kind, timestamp: 1_700_000_000 - id * 60,
      pid: pid, cid: pid.map { _ in id })
  }

  @Test func page1LoadsInTheBackgroundAndCountsTheUnread() async throws {
    try await withServices { services in
      let store = ReadStateStore()
      let model = NotificationsViewModel(services: services, readState: store)
      model.send(.load)
      let loaded = try #require(await firstState(model) { $0.phase == .loaded })
      #expect(loaded.availability == .available)
      #expect(!loaded.messages.isEmpty)
      #expect(loaded.messages.map(\.id) == loaded.messages.map(\.id).sorted(by: >), "newest first")
      #expect(loaded.unread == loaded.messages.count)
      #expect(NotificationsKeys.notice(loaded)?.hasSuffix("unread (m)") == true)

      // Shown: everything loaded is seen (the read state keeps it), and marked new on the screen.
      model.send(.show)
      let shown = try #require(await firstState(model) { $0.phase == .loaded && $0.unread == 0 })
      #expect(store.state.seenMessageID == loaded.messages.map(\.id).max())
      #expect(NotificationsKeys.notice(shown) == nil)
      let (lines, _) = NotificationsView.lines(shown, size: size, top: 0, theme: theme, message: nil)
      #expect(lines[0].text.contains("hollow · notifications"))
      #expect(lines.contains { $0.text.contains("· new") })
    }
  }

  @Test func movingToTheEndLoadsTheNextPage() async throws {
    try await withServices { services in
      let model = NotificationsViewModel(services: services, readState: ReadStateStore())
      model.send(.show)
      let first = try #require(await firstState(model) { $0.phase == .loaded })
      guard first.messages.count == 10 else { return }  // a data set with one page has nothing more to load
      model.send(.bottom)
      let more = try #require(await firstState(model) { $0.pagesLoaded == 2 && $0.phase == .loaded })
      #expect(more.messages.count > 10 || more.endReached)
      #expect(Set(more.messages.map(\.id)).count == more.messages.count)
    }
  }

  @Test func aServerWithoutMyMsgsOrWithoutATokenHasNoNotificationsAndNoError() async throws {
    for (status, body) in [(404, "not found"), (200, #"{"code":-100,"msg":"请登录"}"#)] {
      let model = NotificationsViewModel(
        services: try stubServices(status: status, body: body), readState: ReadStateStore())
      model.send(.load)
      let state = try #require(await firstState(model) { $0.availability != .unknown })
      #expect(state.availability == .unavailable, "\(status) \(body)")
      #expect(state.phase == .idle)
      #expect(NotificationsKeys.notice(state) == nil)
    }
    let offline = NotificationsViewModel(
      services: try stubServices(status: 500, body: "", offline: true), readState: ReadStateStore())
    offline.send(.load)
    #expect(offline.state.availability == .unavailable)
  }

  @Test func withoutNotificationsMOpensNoScreenAndSaysNoError() async throws {
    var app = ReaderApp(
      services: try stubServices(status: 404, body: "not found"), start: .feed(.timeline), clock: ContinuousClock(),
      variables: [:])
    app.start()
    // The notifications are asked for once the feed's first page is in (here: failed).
    for await state in app.feed.states where state.snapshot.phase != .loading && !state.snapshot.isLoading {
      app.apply(.feed(state))
      break
    }
    _ = await firstState(app.notifications) { $0.availability == .unavailable }
    _ = app.handle(.character("m"))
    #expect(app.navigation.screens.count == 1)
    #expect(app.actions.message?.isError == false)
    let frame = app.frame(size: size, theme: theme).lines
    #expect(!frame.contains { $0.text.contains("unread") || $0.text.contains("notifications ·") })
  }

  @Test func theRequestAsksForMyMsgsByPage() async throws {
    let http = StubHTTPClient(status: 200, body: #"{"code":0,"data":[]}"#)
    let services = try stubServices(status: 200, body: "", http: http)
    let model = NotificationsViewModel(services: services, readState: ReadStateStore())
    model.send(.load)
    let state = try #require(await firstState(model) { $0.phase == .loaded })
    #expect(state.endReached)
    #expect(http.requests.map { $0.url.path.hasSuffix("/contents/my_msgs") } == [true])
    #expect(http.requests.first?.url.query?.contains("page=1") == true)
    // A since_id is sent only when asked for.
    let since = services.client.request(UserMessagesRequest.self, .init(page: 2, sinceID: 7))
    #expect(since.fields.map(\.name) == ["page", "since_id"])
  }

  @Test func anotherFailureIsShownAndRetried() async throws {
    let model = NotificationsViewModel(
      services: try stubServices(status: 200, body: #"{"code":-1,"msg":"服务器错误"}"#), readState: ReadStateStore())
    model.send(.show)
    let failed = try #require(await firstState(model) { if case .failed = $0.phase { true } else { false } })
    #expect(failed.availability == .unknown)
    let (lines, _) = NotificationsView.lines(failed, size: size, top: 0, theme: theme, message: nil)
    #expect(lines.contains { $0.text.contains("could not load the notifications") && $0.text.contains("r retries") })
  }

  @Test func theViewShowsKindPostTitleTextAndTheSelection() {
    var state = NotificationsState(seenID: 2)
    state.messages = [
      Self.message(3, kind: [.reply, .followedPost]), Self.message(2), Self.message(1, kind: .system, pid: nil),
    ]
    state.availability = .available
    state.phase = .loaded
    state.cursor = 1
    let (lines, top) = NotificationsView.lines(state, size: size, top: 0, theme: theme, message: nil)
    let text = lines.map(\.text)
    #expect(top == 0)
    #expect(text[0].hasPrefix(" hollow · notifications · 3 messages · 2/3"))
    #expect(text.contains { $0.hasPrefix("  reply · followed post · #40117") && $0.hasSuffix("· new") })
    #expect(text.contains { $0.hasPrefix("▌ followed post · #40117") && !$0.contains("new") })
    #expect(text.contains { $0.hasPrefix("  system  ") })
    #expect(text.contains { $0.contains("第3条消息") })
    #expect(PostBlock.selectedRow(in: lines) == text.firstIndex { $0.hasPrefix("▌ followed post") })
    for line in lines { #expect(line.columns <= 80) }
    #expect(NotificationsKeys.notice(state) == "1 unread (m)")
    // All loaded unread and more pages to come: there may be more.
    state.seenID = 0
    #expect(NotificationsKeys.notice(state) == "3+ unread (m)")
    state.endReached = true
    #expect(NotificationsKeys.notice(state) == "3 unread (m)")
  }

  @Test func aHostileMessageCannotDriveTheTerminal() {
    var state = NotificationsState()
    state.messages = [
      UserMessage(
        id: 1, title: "pwned\u{1B}]52;c;aGk=\u{07}",
        body: "\u{1B}[2Jclear https://a.example/\u{1B}]8;;http://evil/\u{07}x",
        kind: UserMessage.Kind(rawValue: 0x7FFF), timestamp: Int.max, pid: -1, cid: nil)
    ]
    state.availability = .available
    state.phase = .loaded
    var capabilities = TerminalCapabilities(colorDepth: .trueColor)
    capabilities.hyperlinks = true
    let linked = ReaderTheme(capabilities: capabilities, now: Date(timeIntervalSince1970: 1_700_000_000), zone: .utc)
    let text = NotificationsView.lines(state, size: size, top: 0, theme: linked, message: nil).lines.map(\.text)
      .joined(separator: "\n")
    #expect(!text.contains("\u{07}"))
    #expect(!text.contains("\u{1B}]52"))
    #expect(!text.contains("\u{1B}[2J"))
    #expect(!text.contains("evil"))
    #expect(text.contains("\u{1B}]8;;https://a.example/\u{1B}\\"))
  }

  @Test func theStatusLineOfEveryScreenCarriesTheUnreadCount() {
    let feed = ReaderFixtures.feedState([ReaderFixtures.post(40001)])
    let (lines, _) = FeedView.lines(feed, size: size, top: 0, theme: theme, message: nil, unread: "3 unread (m)")
    #expect(lines[23].text.hasSuffix("3 unread (m)  ? help  q quit "))
    #expect(lines[23].columns <= 80)
  }

  @Test func keysMapToIntents() {
    #expect(NotificationsKeys.action(for: .character("j")) == .send(.move(by: 1)))
    #expect(NotificationsKeys.action(for: .up) == .send(.move(by: -1)))
    #expect(NotificationsKeys.action(for: .character("r")) == .send(.refresh))
    #expect(NotificationsKeys.action(for: .enter) == .open)
    #expect(NotificationsKeys.action(for: .escape) == .back)
    #expect(NotificationsKeys.action(for: .character("h")) == .back)
    #expect(NotificationsKeys.action(for: .character("t")) == nil)
    #expect(NotificationsKeys.action(for: .character("?")) == nil)
  }
}
