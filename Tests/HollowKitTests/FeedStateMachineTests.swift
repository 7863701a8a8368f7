import Foundation
import HollowKit
import Testing

/// The feed state machine's rules, event by event, without I/O.
@Suite struct FeedStateMachineTests {
  typealias Machine = FeedStateMachine
  static let base = URL(string: "http://images.test/")!
  static let error = HollowError(request: "post/list", kind: .server(code: -1, message: "boom"))

  static func page(_ number: Int, _ pids: [Int], origin: LoadOrigin = .network, texts: [Int: String] = [:])
    -> FeedPage
  {
    let posts = pids.map { pid -> Post in
      var post = ClientFixtures.post(pid)
      post.text = texts[pid] ?? "post \(pid)"
      return post
    }
    return FeedPage(number: number, origin: origin, content: PostPage(posts: posts))
  }

  /// The ticket of the only fetch in `actions`, checking it asks for `page`.
  static func ticket(_ actions: [Machine.Action], page: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    for case .fetch(let asked, let ticket, _) in actions where asked == page { return ticket }
    Issue.record("no fetch of page \(page) in \(actions)", sourceLocation: sourceLocation)
    return -1
  }

  @Test func aShortPageIsNotTheEndAnEmptyPageIs() {
    var machine = Machine(source: .followed)
    let first = Self.ticket(machine.refresh(), page: 1)
    _ = machine.pageArrived(Self.page(1, Array(1...29)), ticket: first)
    #expect(!machine.snapshot.endReached && machine.snapshot.phase == .fresh && !machine.snapshot.isLoading)
    let second = Self.ticket(machine.loadMore(), page: 2)
    _ = machine.pageArrived(Self.page(2, Array(30...52)), ticket: second)
    #expect(!machine.snapshot.endReached && machine.snapshot.posts.count == 52)
    let third = Self.ticket(machine.loadMore(), page: 3)
    _ = machine.pageArrived(Self.page(3, []), ticket: third)
    #expect(machine.snapshot.endReached)
    #expect(machine.loadMore().isEmpty)
  }

  @Test func theMaximumPageIsTheEnd() {
    var machine = Machine(source: .search(SearchRequest.Parameters(keywords: "猫")))
    let actions = machine.load(pages: [100])
    _ = machine.pageArrived(Self.page(100, [1]), ticket: Self.ticket(actions, page: 100))
    #expect(machine.snapshot.endReached)
    #expect(machine.loadMore().isEmpty)
  }

  @Test func wanderNeverEndsAndAnEmptyBatchIsFollowedNotAFailure() {
    var machine = Machine(source: .wander, options: .init(emptyBatchesFollowed: 2))
    let first = Self.ticket(machine.refresh(), page: 1)
    _ = machine.pageArrived(Self.page(1, [1, 2, 3]), ticket: first)
    #expect(!machine.snapshot.endReached)
    let second = Self.ticket(machine.loadMore(), page: 2)
    // An empty batch: not the end, not a failure, and the next batch is asked for at once...
    let followed = machine.pageArrived(Self.page(2, []), ticket: second)
    #expect(!machine.snapshot.endReached && machine.snapshot.phase == .fresh && machine.snapshot.failures.isEmpty)
    let third = Self.ticket(followed, page: 3)
    let again = machine.pageArrived(Self.page(3, []), ticket: third)
    let fourth = Self.ticket(again, page: 4)
    // ...a bounded number of times in a row, so a server with nothing to give is not hammered.
    #expect(machine.pageArrived(Self.page(4, []), ticket: fourth).isEmpty)
    #expect(!machine.snapshot.endReached)
    let fifth = Self.ticket(machine.loadMore(), page: 5)
    _ = machine.pageArrived(Self.page(5, [9]), ticket: fifth)
    #expect(machine.snapshot.posts.map(\.post.pid) == [1, 2, 3, 9])
  }

  @Test func printModeAsksForEveryPageOfANumberedFeedAtOnceAndShowsThemInOrder() {
    var machine = Machine(source: .timeline, options: .init(imageBaseURL: Self.base))
    let start = machine.load(pages: [1, 2, 3])
    #expect(start.count == 3)
    #expect(Set(start.compactMap { if case .fetch(let page, _, nil) = $0 { page } else { nil } }) == [1, 2, 3])
    // The answers come in any order; each asks for its own parts at once, and page 1 arriving last
    // does not start the feed over.
    let third = machine.pageArrived(Self.page(3, [5], texts: [5: "see #7"]), ticket: Self.ticket(start, page: 3))
    #expect(third == [.loadParts([.quote(pid: 7)], offline: false)])
    var page = Self.page(1, [1, 2], texts: [1: "see #7"])
    page.content.posts[1].imagePath = "a.png"
    let first = machine.pageArrived(page, ticket: Self.ticket(start, page: 1))
    #expect(
      first == [.loadParts([.image(ImageReference(url: Self.base.appendingPathComponent("a.png")))], offline: false)])
    #expect(machine.snapshot.pages.map(\.number) == [1, 3] && machine.snapshot.isLoading)
    _ = machine.pageArrived(Self.page(2, [3, 4]), ticket: Self.ticket(start, page: 2))
    #expect(machine.snapshot.pages.map(\.number) == [1, 2, 3])
    #expect(machine.snapshot.posts.map(\.post.pid) == [1, 2, 3, 4, 5])
    #expect(!machine.snapshot.isLoading && !machine.snapshot.endReached && !machine.snapshot.isSettled)
  }

  @Test func theEmptyPageEndsTheFeedWhicheverPageArrivesLast() {
    // The empty page arrives first: page 1 arriving after it does not start the feed over.
    var machine = Machine(source: .timeline)
    let start = machine.load(pages: [1, 2, 3])
    _ = machine.pageArrived(Self.page(2, []), ticket: Self.ticket(start, page: 2))
    #expect(machine.snapshot.endReached && machine.snapshot.isLoading)
    _ = machine.pageArrived(Self.page(3, []), ticket: Self.ticket(start, page: 3))
    _ = machine.pageArrived(Self.page(1, [1, 2]), ticket: Self.ticket(start, page: 1))
    #expect(machine.snapshot.pages.map(\.number) == [1, 2, 3] && machine.snapshot.posts.map(\.post.pid) == [1, 2])
    #expect(machine.snapshot.endReached && machine.snapshot.isSettled && machine.snapshot.phase == .fresh)
    #expect(machine.loadMore().isEmpty)

    // The empty page arrives last.
    var other = Machine(source: .timeline)
    let again = other.load(pages: [1, 2])
    _ = other.pageArrived(Self.page(1, [1]), ticket: Self.ticket(again, page: 1))
    #expect(!other.snapshot.endReached && other.snapshot.isLoading)
    _ = other.pageArrived(Self.page(2, []), ticket: Self.ticket(again, page: 2))
    #expect(other.snapshot.endReached && !other.snapshot.isLoading)
  }

  @Test func theMaximumPageEndsAFeedAskedForAtOnce() {
    var machine = Machine(source: .search(SearchRequest.Parameters(keywords: "猫")))
    let start = machine.load(pages: [99, 100])
    _ = machine.pageArrived(Self.page(100, [2]), ticket: Self.ticket(start, page: 100))
    _ = machine.pageArrived(Self.page(99, [1]), ticket: Self.ticket(start, page: 99))
    #expect(machine.snapshot.endReached && machine.snapshot.posts.map(\.post.pid) == [1, 2])
  }

  @Test func printModeAsksForWandersBatchesAfterTheFirstAndBeforeTheParts() {
    var machine = Machine(source: .wander, options: .init(imageBaseURL: Self.base))
    let start = machine.load(pages: [1, 2, 3])
    #expect(start.count == 1)
    var page = Self.page(1, [1, 2], texts: [1: "see #7"])
    page.content.posts[1].imagePath = "a.png"
    let next = machine.pageArrived(page, ticket: Self.ticket(start, page: 1))
    #expect(next.count == 3)
    guard case .fetch = next[0], case .fetch = next[1], case .loadParts(let parts, offline: false) = next[2] else {
      Issue.record("expected two fetches then the parts: \(next)")
      return
    }
    #expect(Set(parts) == [.quote(pid: 7), .image(ImageReference(url: Self.base.appendingPathComponent("a.png")))])
    #expect(!machine.snapshot.isSettled && machine.snapshot.isLoading)
  }

  @Test func aPartIsAskedForOnceAndMakesEveryPostWaitingForItReady() {
    var machine = Machine(source: .timeline)
    let start = machine.load(pages: [1, 2])
    let first = machine.pageArrived(
      Self.page(1, [1, 2], texts: [1: "#7", 2: "#7 #8"]), ticket: Self.ticket(start, page: 1))
    guard case .loadParts(let parts, _) = first.last else {
      Issue.record("expected the parts: \(first)")
      return
    }
    #expect(parts == [.quote(pid: 7), .quote(pid: 8)])
    #expect(machine.snapshot.posts.map(\.isReady) == [false, false])
    // Page 2 cites #7 again: nothing more is asked for.
    let second = machine.pageArrived(Self.page(2, [3], texts: [3: "#7"]), ticket: Self.ticket(start, page: 2))
    #expect(second.isEmpty)
    _ = machine.partArrived(.quote(pid: 7), .quote(.missing(pid: 7)))
    #expect(machine.snapshot.posts.map(\.isReady) == [true, false, true])
    #expect(machine.snapshot.posts[1].quotes.all == [.missing(pid: 7)])
    #expect(!machine.snapshot.isSettled)
    _ = machine.partArrived(.quote(pid: 8), .quote(.missing(pid: 8)))
    #expect(machine.snapshot.posts.allSatisfy { $0.isReady } && machine.snapshot.isSettled)
    #expect(machine.snapshot.progress == FeedProgress(postsDone: 3, postsTotal: 3, quotesDone: 2, quotesTotal: 2))
    // A part arriving twice, or one never asked for, changes nothing.
    let before = machine.snapshot
    _ = machine.partArrived(.quote(pid: 8), .quote(.notCached(pid: 8)))
    _ = machine.partArrived(.quote(pid: 99), .quote(.missing(pid: 99)))
    #expect(machine.snapshot == before)
  }

  @Test func aCitedPostsImageIsAskedForOnceItArrivesWhenTheReaderDrawsIt() {
    var cited = ClientFixtures.post(7)
    cited.imagePath = "q.png"
    cited.imageMetadata = ImageMetadata(width: 2, height: 2)
    let image = FeedPart.image(
      ImageReference(url: Self.base.appendingPathComponent("q.png"), expected: ImageMetadata(width: 2, height: 2)))
    for drawn in [true, false] {
      var machine = Machine(source: .timeline, options: .init(imageBaseURL: Self.base, loadsCitedImages: drawn))
      let start = machine.load(pages: [1])
      _ = machine.pageArrived(Self.page(1, [1, 2], texts: [1: "#7", 2: "#7"]), ticket: Self.ticket(start, page: 1))
      let follow = machine.partArrived(.quote(pid: 7), .quote(.post(cited, origin: .network)))
      guard drawn else {
        #expect(follow.isEmpty && machine.snapshot.isSettled, "print mode shows a cited post as text")
        continue
      }
      #expect(follow == [.loadParts([image], offline: false)])
      #expect(machine.snapshot.posts.map(\.isReady) == [false, false])
      _ = machine.partArrived(image, .image(.failure(.httpStatus(404))))
      #expect(
        machine.snapshot.posts.allSatisfy {
          $0.isReady && $0.images.map(\.reference.url.lastPathComponent) == ["q.png"]
        })
      #expect(machine.snapshot.progress.imagesTotal == 1 && machine.snapshot.isSettled)
    }
  }

  @Test func theCachedFirstPageShowsUntilTheServersArrives() {
    var machine = Machine(source: .timeline)
    let open = machine.open()
    #expect(open.first == .readCache(page: 1))
    var cached = Self.page(1, [1, 2], origin: .cache)
    cached.cachedAt = Date(timeIntervalSince1970: 300)
    _ = machine.servedFromCache(cached)
    #expect(machine.snapshot.phase == .cached && machine.snapshot.isLoading)
    #expect(machine.snapshot.cachedAt == Date(timeIntervalSince1970: 300) && machine.snapshot.origin == .cache)
    _ = machine.pageArrived(Self.page(1, [3, 1, 2]), ticket: Self.ticket(open, page: 1))
    #expect(machine.snapshot.phase == .fresh && machine.snapshot.cachedAt == nil)
    #expect(machine.snapshot.posts.map(\.post.pid) == [3, 1, 2])
    // A cached copy arriving after the server's answer is old news.
    _ = machine.servedFromCache(cached)
    #expect(machine.snapshot.posts.map(\.post.pid) == [3, 1, 2] && machine.snapshot.origin == .network)
  }

  @Test func aFailureIsFailedWithPostsAndLethalWithout() {
    var machine = Machine(source: .timeline)
    let first = Self.ticket(machine.refresh(), page: 1)
    _ = machine.pageFailed(1, .request(Self.error), ticket: first)
    #expect(machine.snapshot.phase == .lethal(Self.error))
    let retry = Self.ticket(machine.refresh(), page: 1)
    #expect(machine.snapshot.phase == .loading)
    _ = machine.pageArrived(Self.page(1, [1]), ticket: retry)
    let more = Self.ticket(machine.loadMore(), page: 2)
    _ = machine.pageFailed(2, .request(Self.error), ticket: more)
    #expect(machine.snapshot.phase == .failed(Self.error) && machine.snapshot.failures[2] == .request(Self.error))
    // Load more retries the failed page.
    let again = Self.ticket(machine.loadMore(), page: 2)
    _ = machine.pageArrived(Self.page(2, [2]), ticket: again)
    #expect(machine.snapshot.phase == .fresh && machine.snapshot.failures.isEmpty)
  }

  @Test func aRefreshSupersedesARunningLoadMoreAndItsLateAnswerIsIgnored() {
    var machine = Machine(source: .timeline)
    _ = machine.pageArrived(Self.page(1, [1]), ticket: Self.ticket(machine.refresh(), page: 1))
    let more = Self.ticket(machine.loadMore(), page: 2)
    #expect(machine.loadMore().isEmpty)  // one load at a time
    let refresh = machine.refresh()
    #expect(refresh.first == .cancelFetches)
    #expect(machine.refresh().isEmpty)  // a refresh runs already
    _ = machine.pageArrived(Self.page(2, [2]), ticket: more)
    #expect(machine.snapshot.lastPage == 1)
    _ = machine.pageArrived(Self.page(1, [5, 1]), ticket: Self.ticket(refresh, page: 1))
    #expect(machine.snapshot.posts.map(\.post.pid) == [5, 1])
  }

  @Test func goingOfflineMakesLaterFetchesAndPartsCacheOnly() {
    var machine = Machine(source: .timeline)
    let start = machine.load(pages: [1])
    let reason = OfflineReason.unreachable(
      HollowError(request: "post/list", kind: .transport(.notConnected)))
    _ = machine.wentOffline(reason)
    #expect(machine.snapshot.offlineReason == reason && machine.snapshot.phase == .offline)
    var cached = Self.page(1, [1], origin: .cache, texts: [1: "#4"])
    cached.offline = reason
    let next = machine.pageArrived(cached, ticket: Self.ticket(start, page: 1))
    #expect(next == [.loadParts([.quote(pid: 4)], offline: true)])
    let more = machine.loadMore()
    #expect(more == [.fetch(page: 2, ticket: Self.ticket(more, page: 2), offline: reason)])
    _ = machine.pageFailed(2, .notCached, ticket: Self.ticket(more, page: 2))
    #expect(machine.snapshot.phase == .offline && machine.snapshot.failures == [2: .notCached])
  }

  @Test func offlineAskedForStartsOffline() {
    var machine = Machine(source: .timeline, options: .init(offline: true))
    #expect(machine.snapshot.offlineReason == .requested)
    #expect(machine.open() == [.fetch(page: 1, ticket: 1, offline: .requested)])
  }

  @Test func aRateLimitWindowIsWaitingNotAFailure() {
    var machine = Machine(source: .search(SearchRequest.Parameters(keywords: "猫")))
    _ = machine.refresh()
    _ = machine.rateLimitWindow(waiting: true)
    #expect(machine.snapshot.isWaiting && machine.snapshot.phase == .loading)
    _ = machine.rateLimitWindow(waiting: false)
    #expect(!machine.snapshot.isWaiting)
  }

  @Test func imagesAreLoadedOnlyWithAnImageBase() {
    var page = Self.page(1, [1])
    page.content.posts[0].imagePath = "a.png"
    var without = Machine(source: .timeline)
    #expect(without.pageArrived(page, ticket: Self.ticket(without.load(pages: [1]), page: 1)).isEmpty)
    #expect(without.snapshot.posts.first?.isReady == true)
    var with = Machine(source: .timeline, options: .init(imageBaseURL: Self.base))
    let actions = with.pageArrived(page, ticket: Self.ticket(with.load(pages: [1]), page: 1))
    #expect(actions.count == 1 && with.snapshot.posts.first?.isReady == false)
  }

  @Test func feedSourcesSayTheirPagingRule() {
    #expect(FeedSource.timeline.maximumPage == 150 && FeedSource.followed.maximumPage == 150)
    #expect(FeedSource.search(SearchRequest.Parameters(keywords: "x")).maximumPage == 100)
    #expect(FeedSource.followedSearch(keywords: "x").maximumPage == 100)
    #expect(FeedSource.wander.paging == .endless && FeedSource.wander.maximumPage == nil)
    #expect(FeedSource.followed.needsToken && !FeedSource.timeline.needsToken && !FeedSource.wander.needsToken)
    #expect(FeedSource.timeline.cacheName == "list" && FeedSource.followed.cacheName == "attentions")
  }
}
