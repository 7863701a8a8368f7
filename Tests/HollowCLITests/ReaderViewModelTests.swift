import Foundation
import HollowKit
import HollowServer
import Signal
import SignalTesting
import Synchronization
import TestScheduling
import Testing

@testable import HollowCLI

/// The reader's view models against the demo server: intents in, states out; time on a TestClock.
@Suite(.offCooperativePool, .timeLimit(.minutes(1))) struct ReaderViewModelTests {
  private func withServices(_ body: (ReaderServices, HollowServer) async throws -> Void) async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await CLIHarness.withServer(configuration: ServerConfiguration()) { server, url in
      try await body(try ReaderFixtures.services(url: url, folder: folder), server)
    }
  }

  @Test func theFeedLoadsPage1ThenTheNextPageWhenTheCursorNearsTheEnd() async throws {
    try await withServices { services, _ in
      let feed = FeedViewModel(services: services, source: .timeline)
      feed.start()
      let first = try #require(
        await ReaderFixtures.firstState(feed.states) { !$0.posts.isEmpty && !$0.snapshot.isLoading })
      #expect(first.status == .fresh)
      #expect(first.snapshot.origin == .network)
      feed.send(.bottom)
      let second = try #require(
        await ReaderFixtures.firstState(feed.states) { $0.posts.count > first.posts.count && !$0.snapshot.isLoading })
      #expect(Set(second.posts.map(\.pid)).count == second.posts.count, "a pid shown twice")
      feed.send(.top)
      #expect(feed.state.cursor == 0)
      feed.send(.move(by: 3))
      #expect(feed.state.cursor == 3)
    }
  }

  @Test func eachFeedKeepsItsCursorAndPagesWhenShownAgain() async throws {
    try await withServices { services, server in
      let feed = FeedViewModel(services: services, source: .timeline)
      feed.start()
      let first = try #require(
        await ReaderFixtures.firstState(feed.states) {
          $0.snapshot.origin == .network && !$0.posts.isEmpty && !$0.snapshot.isLoading
        })
      feed.send(.bottom)
      let two = try #require(
        await ReaderFixtures.firstState(feed.states) { $0.posts.count > first.posts.count && !$0.snapshot.isLoading })
      feed.send(.top)
      feed.send(.move(by: 3))
      let timelineRequests = server.requestCount(path: "/v3/contents/post/list")
      feed.send(.show(.wander))
      let wander = try #require(
        await ReaderFixtures.firstState(feed.states) { $0.source == .wander && !$0.snapshot.isLoading })
      #expect(wander.cursor == 0)
      feed.send(.show(.timeline))
      let back = try #require(await ReaderFixtures.firstState(feed.states) { $0.source == .timeline })
      #expect(back.cursor == 3)
      #expect(back.posts.map(\.pid) == two.posts.map(\.pid))
      #expect(server.requestCount(path: "/v3/contents/post/list") == timelineRequests, "the timeline was loaded again")
      // Wander too is where it was: no new batch.
      feed.send(.show(.wander))
      let wanderAgain = try #require(await ReaderFixtures.firstState(feed.states) { $0.source == .wander })
      #expect(wanderAgain.posts.map(\.pid) == wander.posts.map(\.pid))
    }
  }

  @Test func ctrlDAndCtrlUMoveHalfAScreenOfPostsOrOfRows() async throws {
    try await withServices { services, _ in
      var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
      app.start()
      _ = try #require(await ReaderFixtures.firstState(app.feed.states) { $0.posts.count > 25 })
      let size = ScreenSize(rows: 24, columns: 80)
      _ = app.frame(size: size, theme: ReaderFixtures.theme)
      _ = app.handle(.control("d"))
      #expect(app.feed.state.cursor == 3, "half of a 5-post screen")
      _ = app.handle(.control("u"))
      #expect(app.feed.state.cursor == 0)
      // Compact: a screen is 21 rows of posts, half of it 11.
      _ = app.handle(.character("D"))
      _ = app.handle(.control("d"))
      #expect(app.feed.state.cursor == 11)
      // A post screen: half of 20 lines.
      _ = app.handle(.enter)
      guard case .post(let screen) = app.navigation.top else {
        Issue.record("Enter opened no post")
        return
      }
      #expect(screen.offset == 0)
      _ = app.handle(.control("d"))
      guard case .post(let scrolled) = app.navigation.top else { return }
      #expect(scrolled.offset == 10)
    }
  }

  @Test func anActionsOutcomeReachesTheFeedAndTheOpenPostAsIntents() async throws {
    try await withServices { services, _ in
      var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
      app.start()
      let loaded = try #require(
        await ReaderFixtures.firstState(app.feed.states) { !$0.posts.isEmpty && !$0.snapshot.isLoading })
      var followed = try #require(loaded.posts.first)
      followed.isFollowed.toggle()
      _ = app.handle(.enter)
      guard case .post(let screen) = app.navigation.top else {
        Issue.record("Enter opened no post")
        return
      }
      _ = try #require(await ReaderFixtures.firstState(screen.model.states) { $0.detail.status == .success })
      app.apply(.outcome(.updated(followed)))
      #expect(app.feed.state.posts.first?.isFollowed == followed.isFollowed)
      #expect(screen.model.state.detail.post?.isFollowed == followed.isFollowed)
    }
  }

  @Test func aSecondFeedShowsThePagesCachedByTheFirstAtOnce() async throws {
    try await withServices { services, _ in
      let feed = FeedViewModel(services: services, source: .timeline)
      feed.start()
      let loaded = try #require(
        await ReaderFixtures.firstState(feed.states) { $0.snapshot.origin == .network && !$0.posts.isEmpty })
      await services.loaders.flush()
      let again = FeedViewModel(services: services, source: .timeline)
      again.start()
      let cached = try #require(await ReaderFixtures.firstState(again.states) { !$0.posts.isEmpty })
      #expect(cached.posts.map(\.pid).prefix(5) == loaded.posts.map(\.pid).prefix(5))
      #expect(cached.snapshot.origin == .cache || cached.snapshot.origin == .network)
    }
  }

  @Test func aFeedAndAPostFromTheCacheCarryTheCachesAge() async throws {
    try await withServices { services, _ in
      let started = Date().addingTimeInterval(-1)
      let feed = FeedViewModel(services: services, source: .timeline)
      feed.start()
      let loaded = try #require(
        await ReaderFixtures.firstState(feed.states) { $0.snapshot.origin == .network && !$0.posts.isEmpty })
      let pid = try #require(loaded.posts.first?.pid)
      let post = PostViewModel(services: services, pid: pid)
      post.start()
      _ = await ReaderFixtures.firstState(post.states) { $0.detail.status == .success }
      await services.loaders.flush()

      let offline = ReaderServices(loaders: services.loaders, offline: true)
      let cachedFeed = FeedViewModel(services: offline, source: .timeline)
      cachedFeed.start()
      let cached = try #require(
        await ReaderFixtures.firstState(cachedFeed.states) { !$0.posts.isEmpty && !$0.snapshot.isLoading })
      guard case .offline(_, let feedSince) = cached.status else {
        Issue.record("the offline feed's status is \(cached.status)")
        return
      }
      #expect(try #require(feedSince) >= started)

      let cachedPost = PostViewModel(services: offline, pid: pid)
      cachedPost.start()
      let detail = try #require(await ReaderFixtures.firstState(cachedPost.states) { !$0.detail.status.isLoading })
      #expect(detail.status == .offline("--offline", since: detail.detail.cachedAt))
      #expect(try #require(detail.detail.cachedAt) >= started)
    }
  }

  @Test func thePostScreenLoadsTheDetailAndTheCitedPost() async throws {
    try await withServices { services, _ in
      let post = PostViewModel(services: services, pid: 40353)
      post.start()
      let state = try #require(
        await ReaderFixtures.firstState(post.states) { $0.detail.status == .success && $0.quotes[40182] != nil })
      #expect(state.detail.post?.pid == 40353)
      #expect(state.quotes[40182]?.post?.pid == 40182)
      #expect(state.status == .fresh)
    }
  }

  @Test func aCitedPostsImageIsLoadedOnceTheCitedPostArrives() async throws {
    try await withServices { services, _ in
      // #40353 cites #40182, which has an image of its own.
      let post = PostViewModel(services: services, pid: 40353)
      post.start()
      let state = try #require(
        await ReaderFixtures.firstState(post.states) { state in
          guard let path = state.quotes[40182]?.post?.imagePath, case .loaded = state.images[path] else { return false }
          return true
        })
      let quotedPath = try #require(state.quotes[40182]?.post?.imagePath)
      #expect(quotedPath != state.detail.post?.imagePath)
    }
  }

  @Test func aFeedRowDrawsItsCitedPostsPictureAsThePostScreenDoes() async throws {
    try await withServices { services, _ in
      // #40353 cites #40182, which has an image of its own; a search for the pid lists #40353.
      let feed = FeedViewModel(services: services, source: .search(SearchRequest.Parameters(keywords: "40182")))
      feed.start()
      let state = try #require(
        await ReaderFixtures.firstState(feed.states) { state in
          guard let path = state.quotes[40182]?.post?.imagePath, case .loaded = state.images[path] else { return false }
          return true
        })
      #expect(state.posts.contains { $0.pid == 40353 })
    }
  }

  @Test func typingAWordQuicklyMakesOneSearchRequest() async throws {
    try await withServices { services, server in
      let clock = TestClock()
      let seen = PassthroughSubject<String, Never>()
      var typed = seen.values(buffering: .suspend(64)).makeAsyncIterator()
      let search = SearchViewModel(services: services, clock: clock, typed: { seen.trySend($0) })
      search.start()
      #expect(await typed.next() == "")
      let before = server.requestCount(path: "/v3/contents/search")
      for character in "考试" { search.send(.type(String(character))) }
      // Every keystroke was typed before the clock moves: the debounce waits for the last one.
      while await typed.next() != "考试" {}
      await clock.advance(by: SearchViewModel<TestClock>.quietInterval)
      let state = try #require(await ReaderFixtures.firstState(search.states) { $0.resultsQuery == "考试" })
      #expect(!state.results.isEmpty)
      #expect(server.requestCount(path: "/v3/contents/search") - before == 1)
      // A new keystroke searches again; an erased one goes back to a query already answered.
      search.send(.erase)
      #expect(await typed.next() == "考")
    }
  }

  @Test func keysMapToIntents() {
    #expect(ReaderKeyMap.command(for: .character("j"), onList: true) == .move(1))
    #expect(ReaderKeyMap.command(for: .wheelUp, onList: true) == .move(-1))
    #expect(ReaderKeyMap.command(for: .pageDown, onList: false) == .page(1))
    #expect(ReaderKeyMap.command(for: .character("q"), onList: true) == .quit)
    #expect(ReaderKeyMap.command(for: .character("q"), onList: false) == .back)
    #expect(ReaderKeyMap.command(for: .escape, onList: false) == .back)
    #expect(ReaderKeyMap.command(for: .enter, onList: true) == .open)
    #expect(ReaderKeyMap.command(for: .character("a"), onList: true) == .show(.followed))
  }
}
