import HollowKit
import Synchronization
import Testing

@Suite struct PostPagerTests {
  /// Answers pages from a table, records which pages were asked for, announces each call on
  /// `started`, and blocks (until cancelled) on the pages in `blocking`.
  final class Source: Sendable {
    let pages: [Int: PostPage]
    let blocking: Set<Int>
    let failOnce: Set<Int>
    let calls = Mutex<[Int]>([])
    let started: AsyncStream<Int>
    private let announce: AsyncStream<Int>.Continuation
    private let never: AsyncStream<Never>
    private let neverContinuation: AsyncStream<Never>.Continuation

    init(pages: [Int: PostPage], blocking: Set<Int> = [], failOnce: Set<Int> = []) {
      self.pages = pages
      self.blocking = blocking
      self.failOnce = failOnce
      (started, announce) = AsyncStream.makeStream(of: Int.self)
      (never, neverContinuation) = AsyncStream.makeStream(of: Never.self)
    }

    func load(_ page: Int) async throws(HollowError) -> PostPage {
      let count = calls.withLock { calls in
        calls.append(page)
        return calls.count { $0 == page }
      }
      announce.yield(page)
      if blocking.contains(page) {
        for await _ in never {}  // ends only when the task is cancelled
        throw HollowError(request: "post/list", kind: .transport(.cancelled))
      }
      if failOnce.contains(page), count == 1 {
        throw HollowError(request: "post/list", kind: .httpStatus(500))
      }
      return pages[page] ?? PostPage(posts: [])
    }

    func pager() -> PostPager {
      PostPager(maximumPage: 150) { (page) async throws(HollowError) -> PostPage in try await self.load(page) }
    }
  }

  static let threePages: [Int: PostPage] = [
    1: ClientFixtures.page((71...100).reversed()), 2: ClientFixtures.page((41...70).reversed()),
    3: ClientFixtures.page((36...40).reversed()),
  ]

  @Test func pagesToExhaustion() async {
    let source = Source(pages: Self.threePages)
    let pager = source.pager()
    await pager.refresh()
    while pager.snapshot.phase == .idle { await pager.loadMore() }
    #expect(pager.snapshot.phase == .exhausted)
    #expect(pager.snapshot.posts.map(\.pid) == Array((36...100).reversed()))
    #expect(pager.snapshot.loadedPages == 3)
    await pager.loadMore()
    #expect(source.calls.withLock { $0 } == [1, 2, 3])
  }

  @Test func snapshotsStartWithTheCurrentStateAndFollowChanges() async {
    let pager = Source(pages: Self.threePages).pager()
    var iterator = pager.snapshots.makeAsyncIterator()
    let initial = await iterator.next()
    #expect(initial == PagerSnapshot())
    await pager.refresh()
    await pager.loadMore()
    await pager.loadMore()
    var last: PagerSnapshot?
    while let snapshot = await iterator.next() {
      last = snapshot
      if snapshot.phase == .exhausted { break }
    }
    #expect(last?.posts.count == 65)
    // A new subscription starts from the current snapshot.
    var late = pager.snapshots.makeAsyncIterator()
    #expect(await late.next()?.phase == .exhausted)
  }

  @Test func aFailureIsPublishedAndLoadMoreRetries() async {
    let source = Source(pages: Self.threePages, failOnce: [2])
    let pager = source.pager()
    await pager.refresh()
    await pager.loadMore()
    #expect(pager.snapshot.phase == .failed(HollowError(request: "post/list", kind: .httpStatus(500))))
    #expect(pager.snapshot.posts.count == 30)
    await pager.loadMore()
    #expect(pager.snapshot.phase == .idle)
    #expect(pager.snapshot.posts.count == 60)
    #expect(source.calls.withLock { $0 } == [1, 2, 2])
  }

  @Test func refreshCancelsARunningLoadMore() async {
    let source = Source(pages: Self.threePages, blocking: [2])
    let pager = source.pager()
    await pager.refresh()
    let loadingMore = Task { await pager.loadMore() }
    var started = source.started.makeAsyncIterator()
    #expect(await started.next() == 1)
    #expect(await started.next() == 2)
    #expect(pager.snapshot.phase == .loadingMore)
    await pager.refresh()
    await loadingMore.value
    #expect(pager.snapshot.phase == .idle)
    #expect(pager.snapshot.posts.count == 30)
    #expect(source.calls.withLock { $0 } == [1, 2, 1])
  }

  @Test func cancelStopsTheLoadAndReturnsToIdle() async {
    let source = Source(pages: Self.threePages, blocking: [1])
    let pager = source.pager()
    let refreshing = Task { await pager.refresh() }
    var started = source.started.makeAsyncIterator()
    #expect(await started.next() == 1)
    pager.cancel()
    await refreshing.value
    #expect(pager.snapshot.phase == .idle)
    #expect(pager.snapshot.posts.isEmpty)
  }

  @Test func snapshotsEndWhenThePagerIsReleased() async {
    var pager: PostPager? = Source(pages: Self.threePages).pager()
    let snapshots = pager!.snapshots
    var iterator = snapshots.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    pager = nil
    #expect(await iterator.next() == nil)
    var afterwards = snapshots.makeAsyncIterator()
    #expect(await afterwards.next() == nil)
  }
}
