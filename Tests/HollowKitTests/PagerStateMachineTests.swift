import Testing

@testable import HollowKit

@Suite struct PagerStateMachineTests {
  private let fail = HollowError(request: "post/list", kind: .transport(.timedOut))

  private func fetched(_ action: PagerStateMachine.Action) -> (page: Int, ticket: Int, cancelRunning: Bool)? {
    guard case .fetch(let page, let ticket, let cancelRunning) = action else { return nil }
    return (page, ticket, cancelRunning)
  }

  @Test func refreshThenLoadMoreWalksThePages() throws {
    var machine = PagerStateMachine(pageSize: 3, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    #expect(first.page == 1 && !first.cancelRunning)
    #expect(machine.snapshot.phase == .refreshing)
    let outcome1 = machine.pageArrived(ClientFixtures.page([9, 8, 7]), ticket: first.ticket)
    #expect(outcome1)
    #expect(machine.snapshot.phase == .idle)
    #expect(machine.snapshot.loadedPages == 1)
    let second = try #require(fetched(machine.loadMore()))
    #expect(second.page == 2)
    #expect(machine.snapshot.phase == .loadingMore)
    let outcome2 = machine.pageArrived(ClientFixtures.page([6, 5, 4]), ticket: second.ticket)
    #expect(outcome2)
    #expect(machine.snapshot.posts.map(\.pid) == [9, 8, 7, 6, 5, 4])
  }

  @Test func aShortPageExhaustsTheFeed() throws {
    var machine = PagerStateMachine(pageSize: 3, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    let outcome3 = machine.pageArrived(ClientFixtures.page([9, 8]), ticket: first.ticket)
    #expect(outcome3)
    #expect(machine.snapshot.phase == .exhausted)
    let outcome4 = machine.loadMore()
    #expect(outcome4 == .none)
    #expect(machine.snapshot.phase == .exhausted)
    #expect(fetched(machine.refresh())?.page == 1)
  }

  @Test func theLastPageExhaustsEvenWhenFull() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 1)
    let first = try #require(fetched(machine.refresh()))
    let outcome5 = machine.pageArrived(ClientFixtures.page([2, 1]), ticket: first.ticket)
    #expect(outcome5)
    #expect(machine.snapshot.phase == .exhausted)
  }

  @Test func repeatedPidsAcrossPagesAppearOnce() throws {
    var machine = PagerStateMachine(pageSize: 3, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    _ = machine.pageArrived(ClientFixtures.page([9, 8, 7]), ticket: first.ticket)
    // A new post pushed 7 onto page 2.
    let second = try #require(fetched(machine.loadMore()))
    _ = machine.pageArrived(ClientFixtures.page([7, 6, 5]), ticket: second.ticket)
    #expect(machine.snapshot.posts.map(\.pid) == [9, 8, 7, 6, 5])
    #expect(machine.snapshot.phase == .idle)
  }

  @Test func refreshReplacesThePostsOnlyWhenPageOneArrives() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    _ = machine.pageArrived(ClientFixtures.page([1]), ticket: 0)  // nothing running: ignored
    #expect(machine.snapshot.posts.isEmpty)
    let first = try #require(fetched(machine.refresh()))
    _ = machine.pageArrived(ClientFixtures.page([4, 3]), ticket: first.ticket)
    let again = try #require(fetched(machine.refresh()))
    #expect(machine.snapshot.posts.map(\.pid) == [4, 3])
    var page = ClientFixtures.page([5, 4])
    page.comments = [5: []]
    page.config = FrontendConfig(webFrontendVersion: "v", announcement: "a")
    _ = machine.pageArrived(page, ticket: again.ticket)
    #expect(machine.snapshot.posts.map(\.pid) == [5, 4])
    #expect(machine.snapshot.comments.keys.sorted() == [5])
    #expect(machine.snapshot.config?.announcement == "a")
    #expect(machine.snapshot.loadedPages == 1)
  }

  @Test func failureKeepsThePostsAndLoadMoreRetriesTheSamePage() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    _ = machine.pageArrived(ClientFixtures.page([4, 3]), ticket: first.ticket)
    let second = try #require(fetched(machine.loadMore()))
    let outcome6 = machine.pageFailed(fail, ticket: second.ticket)
    #expect(outcome6)
    #expect(machine.snapshot.phase == .failed(fail))
    #expect(machine.snapshot.posts.map(\.pid) == [4, 3])
    let retry = try #require(fetched(machine.loadMore()))
    #expect(retry.page == 2)
    #expect(retry.ticket != second.ticket)
    _ = machine.pageArrived(ClientFixtures.page([2]), ticket: retry.ticket)
    #expect(machine.snapshot.phase == .exhausted)
    #expect(machine.snapshot.posts.map(\.pid) == [4, 3, 2])
  }

  @Test func aFailedFirstRefreshRetriesPageOne() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    _ = machine.pageFailed(fail, ticket: first.ticket)
    #expect(fetched(machine.loadMore())?.page == 1)
  }

  @Test func busyPhasesIgnoreRepeatedEvents() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    _ = try #require(fetched(machine.refresh()))
    let outcome7 = machine.refresh()
    #expect(outcome7 == .none)
    let outcome8 = machine.loadMore()
    #expect(outcome8 == .none)
    #expect(machine.snapshot.phase == .refreshing)
  }

  @Test func refreshSupersedesALoadMoreAndItsLateResult() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    let first = try #require(fetched(machine.refresh()))
    _ = machine.pageArrived(ClientFixtures.page([4, 3]), ticket: first.ticket)
    let more = try #require(fetched(machine.loadMore()))
    let refresh = try #require(fetched(machine.refresh()))
    #expect(refresh.cancelRunning)
    let outcome9 = machine.pageArrived(ClientFixtures.page([2, 1]), ticket: more.ticket)
    #expect(!outcome9)
    let outcome10 = machine.pageFailed(fail, ticket: more.ticket)
    #expect(!outcome10)
    #expect(machine.snapshot.phase == .refreshing)
    let outcome11 = machine.pageArrived(ClientFixtures.page([5, 4]), ticket: refresh.ticket)
    #expect(outcome11)
    #expect(machine.snapshot.posts.map(\.pid) == [5, 4])
  }

  @Test func cancelReturnsToIdleAndDropsTheResult() throws {
    var machine = PagerStateMachine(pageSize: 2, maximumPage: 10)
    let outcome12 = machine.cancel()
    #expect(!outcome12)
    let first = try #require(fetched(machine.refresh()))
    let outcome13 = machine.cancel()
    #expect(outcome13)
    #expect(machine.snapshot.phase == .idle)
    let outcome14 = machine.pageArrived(ClientFixtures.page([1, 2]), ticket: first.ticket)
    #expect(!outcome14)
    #expect(machine.snapshot.posts.isEmpty)
  }
}
