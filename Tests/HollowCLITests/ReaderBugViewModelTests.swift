import Foundation
import HollowKit
import HollowServer
import Signal
import SignalTesting
import Synchronization
import TestScheduling
import Testing

@testable import HollowCLI

/// Issue 23's reader bugs (items 6 to 9) in the view models, against the demo server or a frozen
/// one: intents in, states and requests out; time on a TestClock, waits on explicit events.
@Suite(.offCooperativePool, .timeLimit(.minutes(1))) struct ReaderBugViewModelTests {
  private func withServices(_ body: (ReaderServices, HollowServer) async throws -> Void) async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Without the search window (one search per 2 s): these tests are about pages and queries.
    try await CLIHarness.withServer(configuration: ServerConfiguration(enforcesRateLimits: false)) { server, url in
      try await body(try ReaderFixtures.services(url: url, folder: folder), server)
    }
  }

  /// The search requests the server saw, as (keywords, page, include_comment).
  private func searches(_ server: HollowServer) -> [[String]] {
    server.requests.filter { $0.path.hasSuffix("/contents/search") }.map { request in
      ["keywords", "page", "include_comment"].map { name in request.query.first { $0.name == name }?.value ?? "" }
    }
  }

  /// A search screen on `clock` whose typed queries a test can wait for.
  private struct TypedSearch {
    let model: SearchViewModel<TestClock>
    var typed: Publishers.Share<SubjectValues<String, Never>>.AsyncIterator

    init(services: ReaderServices, clock: TestClock, query: String = "", page: Int = 1) {
      let seen = PassthroughSubject<String, Never>()
      typed = seen.values(buffering: .suspend(64)).share().makeAsyncIterator()
      model = SearchViewModel(services: services, clock: clock, query: query, page: page) { seen.trySend($0) }
    }

    /// Waits until `text` entered the debounce.
    mutating func waitTyped(_ text: String) async {
      while let next = await typed.next(), next != text {}
    }
  }

  @Test func searchIsPostsOnlyAsInPrintModeAndTabSearchesCommentsWhichShowUnderTheirPost() async throws {
    try await withServices { services, server in
      let clock = TestClock()
      var search = TypedSearch(services: services, clock: clock)
      search.model.start()
      await search.waitTyped("")
      // 私信 is in the demo's comments only.
      search.model.send(.type("私信"))
      await search.waitTyped("私信")
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      let posts = try #require(await ReaderFixtures.firstState(search.model.states) { $0.resultsQuery == "私信" })
      #expect(posts.results.isEmpty && !posts.includeComments)
      let none = SearchView.lines(
        posts, size: ScreenSize(rows: 24, columns: 80), top: 0, theme: ReaderFixtures.theme, message: nil
      ).lines
      #expect(none.contains { $0.text.contains("no posts match \"私信\" · Tab searches comments too") })
      #expect(searches(server) == [["私信", "1", "false"]])

      search.model.send(.toggleComments)
      await search.waitTyped("私信")
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      let both = try #require(
        await ReaderFixtures.firstState(search.model.states) {
          $0.current == $0.searched && $0.includeComments && !$0.results.isEmpty
        }
      )
      #expect(searches(server).last == ["私信", "1", "true"])
      let found = try #require(both.results.first)
      #expect(!found.text.contains("私信"))
      let matching = try #require(both.comments[found.pid])
      #expect(matching.contains { $0.text.contains("私信") })
      let lines = SearchView.lines(
        both, size: ScreenSize(rows: 24, columns: 80), top: 0, theme: ReaderFixtures.theme, message: nil
      ).lines
      #expect(lines.contains { $0.text.contains("┊") && $0.text.contains("*私信*") })
    }
  }

  @Test func scrollingToTheLastResultsLoadsTheNextPageUntilTheEnd() async throws {
    try await withServices { services, server in
      let clock = TestClock()
      var search = TypedSearch(services: services, clock: clock, query: "考试")
      search.model.start()
      await search.waitTyped("考试")
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      let first = try #require(
        await ReaderFixtures.firstState(search.model.states) { $0.resultsQuery == "考试" && !$0.results.isEmpty })
      #expect(!first.isAtEnd, "a first page is never the end: only an empty page is")
      search.model.send(.move(by: first.results.count))
      let ended = try #require(await ReaderFixtures.firstState(search.model.states) { $0.isAtEnd })
      #expect(ended.results.count >= first.results.count)
      #expect(searches(server).map { $0[1] } == ["1", "2"])
      #expect(
        SearchView.title(ended)
          == "hollow · search \"考试\" · \(RenderContext.count(ended.results.count, "result", "results"))")
    }
  }

  @Test func theFirstQueryStartsAtTheAskedPage() async throws {
    try await withServices { services, server in
      let clock = TestClock()
      var search = TypedSearch(services: services, clock: clock, query: "考试", page: 2)
      search.model.start()
      await search.waitTyped("考试")
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      _ = await ReaderFixtures.firstState(search.model.states) { $0.resultsQuery == "考试" }
      #expect(searches(server).first == ["考试", "2", "false"])
    }
  }

  @Test func aQueryOver30CharactersIsNeverSent() async throws {
    try await withServices { services, server in
      let clock = TestClock()
      var search = TypedSearch(services: services, clock: clock)
      search.model.start()
      await search.waitTyped("")
      let long = String(repeating: "考", count: 31)
      search.model.send(.type(long))
      await search.waitTyped(long)
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      #expect(search.model.state.status == .problem("30 characters at most (31 typed): nothing sent"))
      // One character less is sent; the pipeline is in order, so the long one would be logged first.
      search.model.send(.erase)
      await search.waitTyped(String(long.dropLast()))
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      _ = await ReaderFixtures.firstState(search.model.states) { $0.resultsQuery == String(long.dropLast()) }
      #expect(searches(server).map(\.[0]) == [String(long.dropLast())])
    }
  }

  @Test func aSentCommentReloadsThePostsReplyCount() async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await CLIHarness.withServer(configuration: ServerConfiguration(token: "t0ken", enforcesRateLimits: false)) {
      server, url in
      let services = try ReaderFixtures.services(url: url, folder: folder, token: "t0ken")
      var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
      // The loop's part: every published change is applied, and the screen reads what was applied.
      var changes = app.changes.makeAsyncIterator()
      app.start()
      while let change = await changes.next() {
        app.apply(change)
        if !app.shown.feed.posts.isEmpty, !app.shown.feed.snapshot.isLoading { break }
      }
      let post = try #require(app.shown.feed.posts.first)
      _ = app.handle(.character("c"))
      for character in "同感" { _ = app.handle(.character(character)) }
      _ = app.handle(.enter)
      while let change = await changes.next() {
        app.apply(change)
        if app.shown.feed.posts.first(where: { $0.pid == post.pid })?.replyCount == post.replyCount + 1 { break }
      }
      #expect(app.shown.feed.posts.first { $0.pid == post.pid }?.replyCount == post.replyCount + 1)
    }
  }

  @Test func escStopsARefreshAndItsRequestReallyEnds() async throws {
    let page = String(
      decoding: try WireFormat.encode(PostPage(posts: [ReaderFixtures.post(1), ReaderFixtures.post(2)])), as: UTF8.self)
    let lists = Mutex(0)
    let server = try StallingServer { path in
      // The first page-1 request is answered; the refresh's is held, as by a frozen server.
      guard path.contains("post/list") else { return nil }
      return lists.withLock { count in
        count += 1
        return count == 1 ? page : nil
      }
    }
    defer { server.shutdown() }
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let feed = FeedViewModel(services: try ReaderFixtures.services(url: server.url, folder: folder), source: .timeline)
    feed.start()
    _ = await ReaderFixtures.firstState(feed.states) { $0.snapshot.phase == .fresh && !$0.snapshot.isLoading }
    feed.send(.refresh)
    await server.waitFor { $0.contains { if case .held(let path) = $0 { path.contains("post/list") } else { false } } }
    let refreshing = try #require(await ReaderFixtures.firstState(feed.states) { $0.status == .refreshing })
    #expect(refreshing.posts.count == 2)
    feed.send(.cancel)
    // The client closes the held request's connection: the cancelled subscription stopped it.
    await server.waitFor {
      $0.contains { if case .closed(let path) = $0 { path.contains("post/list") } else { false } }
    }
    // The model's snapshot reaches the view model's state on its own delivery: wait for it.
    let stopped = try #require(await ReaderFixtures.firstState(feed.states) { $0.snapshot.loadCancelled })
    #expect(stopped.status == .fresh && stopped.posts.count == 2)
  }

  @Test func aNewQueryAndClosingTheSearchStopTheRequestsInFlight() async throws {
    // Every search is held, as by a frozen server.
    let server = try StallingServer { _ in nil }
    defer { server.shutdown() }
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let services = try ReaderFixtures.services(url: server.url, folder: folder)
    let clock = TestClock()
    var search: TypedSearch? = TypedSearch(services: services, clock: clock, query: "考试")
    search?.model.start()
    await search?.waitTyped("考试")
    await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
    await server.waitFor { events in
      events.contains { if case .held(let path) = $0 { path.contains("search") } else { false } }
    }
    let first = try #require(server.events.first { if case .held = $0 { true } else { false } })
    guard case .held(let firstPath) = first else { return }
    // A newer query replaces it: flatMapLatest cancels the old feed, whose request ends.
    search?.model.send(.type("周"))
    await search?.waitTyped("考试周")
    await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
    await server.waitFor { events in
      events.contains(.closed(firstPath))
    }
    await server.waitFor { events in
      events.contains { if case .held(let path) = $0 { path != firstPath } else { false } }
    }
    // Closing the screen releases its model: the last request ends too.
    search = nil
    await server.waitFor { events in
      events.contains { if case .closed(let path) = $0 { path != firstPath } else { false } }
    }
  }
}
