import Foundation
import HollowKit
import Signal
import Testing

@testable import HollowCLI

/// The reader's parts without a terminal: the key router (where each key goes on each screen),
/// the navigation (the stack, the help), and the app drawing what the models published.
@Suite struct ReaderStructureTests {
  private typealias Clock = ContinuousClock
  private typealias Router = ReaderKeyRouter

  private static func route(
    _ key: Key, on screen: ReaderScreen<Clock>.Kind = .feed, help: Bool = false, composing: Bool = false
  ) -> Router.Route {
    Router.route(key, on: screen, showsOverlay: help, composing: composing)
  }

  @Test func ctrlCQuitsFromAnywhereAndTheHelpAndThePromptComeFirst() {
    #expect(Self.route(.control("c"), help: true, composing: true) == .quit)
    #expect(Self.route(.character("j"), help: true, composing: true) == .overlay(.character("j")))
    #expect(Self.route(.character("q"), on: .post, composing: true) == .compose(.character("q")))
    #expect(Self.route(.paste("x"), composing: true) == .compose(.paste("x")))
  }

  @Test func theSearchTakesTypingAndKeepsArrowsEnterAndEscape() {
    #expect(Self.route(.character("j"), on: .search) == .search(.type("j")))
    #expect(Self.route(.paste("a\nb\tc"), on: .search) == .search(.type("a b c")))
    #expect(Self.route(.backspace, on: .search) == .search(.erase))
    #expect(Self.route(.escape, on: .search) == .command(.back))
    #expect(Self.route(.down, on: .search) == .command(.move(1)))
    #expect(Self.route(.enter, on: .search) == .command(.open))
    // Keys the search does not take are commands.
    #expect(Self.route(.pageDown, on: .search) == .command(.page(1)))
  }

  @Test func listsAndPostsMapKeysToTheirCommands() {
    #expect(Self.route(.character("j")) == .command(.move(1)))
    #expect(Self.route(.character("q")) == .command(.quit))
    #expect(Self.route(.character("q"), on: .post) == .command(.back))
    // On a post, Enter opens the citation under the cursor.
    #expect(Self.route(.enter, on: .post) == .command(.open))
    #expect(Self.route(.paste("text")) == .strayPaste)
    #expect(Self.route(.character("Z")) == .unknown(.character("Z")))
    #expect(Self.route(.tab, on: .search) == .search(.toggleComments))
  }

  @Test func theConfigsKeysComeBeforeTheDefaults() {
    var bindings = KeyBindings()
    #expect(bindings.bind("quit", keys: ["j"]) == nil)
    let route = Router.route(
      .character("j"), on: ReaderScreen<Clock>.Kind.feed, showsOverlay: false, composing: false, keys: bindings)
    #expect(route == .command(.quit))
  }

  @Test func theNavigationNeverClosesTheFeed() {
    var navigation = ReaderNavigation<Clock>()
    #expect(navigation.top.kind == .feed && navigation.isOnList)
    #expect(navigation.pop() == nil)
    #expect(navigation.screens.count == 1)
  }
}

/// The app against a server nobody answers: what it draws is what the models published, and a
/// key reaches the model it is for.
@Suite(.timeLimit(.minutes(1))) struct ReaderAppTests {
  private let size = ScreenSize(rows: 24, columns: 80)

  private func withApp(_ body: (inout ReaderApp<ContinuousClock>) async throws -> Void) async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let online = try ReaderFixtures.services(url: "http://127.0.0.1:1", folder: folder)
    let services = ReaderServices(loaders: online.loaders, offline: true)
    var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
    try await body(&app)
  }

  @Test func theFrameIsDrawnFromThePublishedStateNotTheModels() async throws {
    try await withApp { app in
      let published = ReaderFixtures.feedState((1...3).map { ReaderFixtures.post(40_000 + $0) })
      app.apply(.feed(published))
      let lines = app.frame(size: size, theme: ReaderFixtures.theme).lines
      // The model itself holds no posts: the three come from the published value.
      #expect(app.feed.state.posts.isEmpty)
      #expect(lines[0].text.contains("3 posts · 1/3"))
      #expect(lines.contains { $0.text.hasPrefix("▌ #40001") })
      app.apply(.message(ReaderMessage("copied #40001")))
      #expect(app.frame(size: size, theme: ReaderFixtures.theme).lines[23].text.contains("copied #40001"))
    }
  }

  @Test func helpIsAnOverlayThatScrollsAndAnyOtherKeyCloses() async throws {
    try await withApp { app in
      #expect(app.handle(.character("?")).isEmpty)
      #expect(app.navigation.showsHelp)
      #expect(app.frame(size: size, theme: ReaderFixtures.theme).lines[0].text.contains("hollow · keys"))
      _ = app.handle(.character("j"))
      #expect(app.navigation.showsHelp)
      _ = app.handle(.character("z"))
      #expect(!app.navigation.showsHelp)
      #expect(app.handle(.control("c")) == [.quit])
    }
  }

  @Test func theSearchOpensOnSlashAndTypingReachesItsModel() async throws {
    try await withApp { app in
      _ = app.handle(.character("/"))
      guard case .search(let search) = app.navigation.top else {
        Issue.record("no search screen")
        return
      }
      var states = search.model.states.makeAsyncIterator()
      _ = app.handle(.character("猫"))
      while let state = await states.next(), state.query != "猫" {}
      // Drawn from the published state: the screen shows the query once it is applied.
      app.apply(.search(search.model, search.model.state))
      #expect(app.frame(size: size, theme: ReaderFixtures.theme).lines.contains { $0.text.contains("猫") })
      _ = app.handle(.escape)
      #expect(app.navigation.top.kind == .feed)
    }
  }

  @Test func densityAndPlaceKeys() async throws {
    try await withApp { app in
      #expect(app.handle(.control("l")) == [.redraw])
      #expect(app.handle(.control("z")) == [.suspend])
      #expect(app.display.showsPictures)
      _ = app.handle(.character("i"))
      #expect(!app.display.showsPictures)
      _ = app.handle(.character("D"))
      #expect(app.display.compact)
    }
  }

  @Test func aFeedIsDrawnScrolledWhereItWasLeft() async throws {
    try await withApp { app in
      var timeline = ReaderFixtures.feedState((1...30).map { ReaderFixtures.post(40_000 + $0) })
      timeline.cursor = 20
      app.apply(.feed(timeline))
      let scrolled = app.frame(size: size, theme: ReaderFixtures.theme).lines
      #expect(app.navigation.feedTop(of: .timeline) > 0)
      // Another feed published: its own scroll; the timeline's is kept.
      let top = app.navigation.feedTop(of: .timeline)
      app.apply(.feed(FeedState(source: .wander)))
      _ = app.frame(size: size, theme: ReaderFixtures.theme)
      #expect(app.navigation.feedTop(of: .wander) == 0)
      #expect(app.navigation.feedTop(of: .timeline) == top)
      app.apply(.feed(timeline))
      #expect(app.frame(size: size, theme: ReaderFixtures.theme).lines == scrolled)
    }
  }
}
