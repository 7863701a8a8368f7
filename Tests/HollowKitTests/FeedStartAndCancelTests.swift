import Foundation
import HollowKit
import Testing

/// A feed opened at a page (`timeline --page 3`) and a load stopped by the user (Esc): the state
/// machine's rules for both, event by event.
@Suite struct FeedStartAndCancelTests {
  typealias Machine = FeedStateMachine

  @Test func aFeedOpenedAtAPageShowsItsCacheThenFetchesItAndFollowsIt() {
    var machine = Machine(source: .timeline)
    let opened = machine.open(at: 3)
    #expect(opened.first == .readCache(page: 3))
    let first = FeedStateMachineTests.ticket(opened, page: 3)
    #expect(machine.snapshot.isRefreshing)
    _ = machine.pageArrived(FeedStateMachineTests.page(3, [61, 62]), ticket: first)
    #expect(machine.snapshot.pages.map(\.number) == [3])
    #expect(!machine.snapshot.isRefreshing && !machine.snapshot.isLoading)
    // Scrolling goes on from page 3; a refresh starts over from it, not from page 1.
    let next = FeedStateMachineTests.ticket(machine.loadMore(), page: 4)
    #expect(!machine.snapshot.isRefreshing && machine.snapshot.isLoading)
    _ = machine.pageArrived(FeedStateMachineTests.page(4, [91]), ticket: next)
    let again = FeedStateMachineTests.ticket(machine.refresh(), page: 3)
    _ = machine.pageArrived(FeedStateMachineTests.page(3, [60, 61]), ticket: again)
    #expect(machine.snapshot.pages.map(\.number) == [3])
  }

  @Test func aStartPagePastTheMaximumIsTheMaximumAndWanderHasNone() {
    var search = Machine(source: .search(SearchRequest.Parameters(keywords: "猫")))
    _ = FeedStateMachineTests.ticket(search.open(at: 500), page: APILimits.maximumSearchPage)
    var wander = Machine(source: .wander)
    _ = FeedStateMachineTests.ticket(wander.open(at: 3), page: 1)
  }

  @Test func cancellingStopsTheFetchesKeepsThePagesAndIgnoresTheLateAnswer() {
    var machine = Machine(source: .timeline)
    let first = FeedStateMachineTests.ticket(machine.refresh(), page: 1)
    _ = machine.pageArrived(FeedStateMachineTests.page(1, [1, 2]), ticket: first)
    #expect(machine.cancelLoads().isEmpty, "nothing runs: nothing to cancel")
    let refresh = FeedStateMachineTests.ticket(machine.refresh(), page: 1)
    #expect(machine.snapshot.isRefreshing)
    #expect(machine.cancelLoads() == [.cancelFetches])
    #expect(machine.snapshot.loadCancelled && !machine.snapshot.isLoading && !machine.snapshot.isRefreshing)
    #expect(machine.snapshot.phase == .fresh && machine.snapshot.posts.count == 2)
    // The cancelled request's answer, had it come, changes nothing.
    _ = machine.pageArrived(FeedStateMachineTests.page(1, [9]), ticket: refresh)
    #expect(machine.snapshot.posts.map(\.post.pid) == [1, 2])
    // The next fetch clears the mark.
    _ = FeedStateMachineTests.ticket(machine.refresh(), page: 1)
    #expect(!machine.snapshot.loadCancelled)
  }

  @Test func cancellingTheFirstLoadLeavesNothingLoading() {
    var machine = Machine(source: .timeline)
    _ = machine.open()
    #expect(machine.cancelLoads() == [.cancelFetches])
    #expect(machine.snapshot.phase == .loading && !machine.snapshot.isLoading && machine.snapshot.loadCancelled)
  }
}
