import Testing

@testable import Signal

@Suite struct ConnectionStateTests {
  private typealias State = ConnectionState<String, ReleaseProbe>

  private enum Joined: Equatable {
    case joined(id: Int, relay: String)
    case subscribe(id: Int, relay: String)
  }

  private enum Started: Equatable {
    case none
    case startPump(relay: String, subscription: String)
    case release(String)
  }

  private func join(_ state: inout State, relay: String) -> Joined {
    switch state.join(makeRelay: { relay }) {
    case .joined(let id, let relay): .joined(id: id, relay: relay)
    case .subscribe(let id, let relay): .subscribe(id: id, relay: relay)
    }
  }

  private func started(_ action: State.StartAction) -> Started {
    switch action {
    case .none: .none
    case .startPump(let relay, let subscription): .startPump(relay: relay, subscription: subscription.name)
    case .release(let subscription): .release(subscription.name)
    }
  }

  @Test func theFirstSubscriberCreatesTheConnectionAndTheOthersJoinIt() {
    var state = State()
    var relaysMade = 0
    let makeRelay = {
      relaysMade += 1
      return "relay \(relaysMade)"
    }
    let first = state.join(makeRelay: makeRelay)
    let second = state.join(makeRelay: makeRelay)
    #expect(relaysMade == 1)
    if case .subscribe(let id, let relay) = first {
      #expect(id == 1 && relay == "relay 1")
    } else {
      Issue.record("the first subscriber was not told to subscribe")
    }
    if case .joined(let id, let relay) = second {
      #expect(id == 1 && relay == "relay 1")
    } else {
      Issue.record("the second subscriber did not join the connection")
    }
    #expect(state.current?.members == 2)
  }

  @Test func thePumpStartsAtTheFirstDemandFromTheSubscriptionMadeBefore() {
    var state = State()
    #expect(join(&state, relay: "relay") == .subscribe(id: 1, relay: "relay"))
    #expect(started(state.subscribed(ReleaseProbe("upstream"), to: 1)) == .none)
    #expect(started(state.start(1)) == .startPump(relay: "relay", subscription: "upstream"))
    // Once: a second subscriber's first demand starts nothing.
    #expect(started(state.start(1)) == .none)
    let adopted = state.adopt(Task {}, to: 1)
    #expect(adopted)
  }

  @Test func aDemandWhileTheUpstreamIsBeingSubscribedStartsThePumpWhenItIs() {
    var state = State()
    _ = join(&state, relay: "relay")
    #expect(started(state.start(1)) == .none)
    #expect(
      started(state.subscribed(ReleaseProbe("upstream"), to: 1)) == .startPump(relay: "relay", subscription: "upstream")
    )
    #expect(started(state.start(1)) == .none)
  }

  @Test func theLastSubscriberToLeaveCancelsThePump() {
    var state = State()
    _ = join(&state, relay: "relay")
    _ = join(&state, relay: "unused")
    _ = state.subscribed(ReleaseProbe("upstream"), to: 1)
    _ = state.start(1)
    let pump = Task {}
    _ = state.adopt(pump, to: 1)
    #expect(state.cancel(1).isEmpty)
    let effects = state.cancel(1)
    #expect(effects.tasksToCancel == [pump])
    // The pump took the subscription: ending the pump ends it.
    #expect(effects.subscriptionsToRelease.isEmpty)
    #expect(effects.wakeups.isEmpty)
    #expect(state.current == nil)
  }

  @Test func theLastSubscriberToLeaveBeforeAnyDemandReleasesTheSubscription() {
    var state = State()
    _ = join(&state, relay: "relay")
    _ = state.subscribed(ReleaseProbe("upstream"), to: 1)
    let effects = state.cancel(1)
    #expect(ReleaseProbe.names(releasedBy: effects) == ["upstream"])
    #expect(effects.tasksToCancel.isEmpty)
  }

  @Test func aSubscriptionMadeForAConnectionAlreadyGoneIsReleased() {
    var state = State()
    _ = join(&state, relay: "relay")
    #expect(state.cancel(1).isEmpty)
    #expect(started(state.subscribed(ReleaseProbe("late upstream"), to: 1)) == .release("late upstream"))
    let adopted = state.adopt(Task {}, to: 1)
    #expect(!adopted)
    #expect(started(state.start(1)) == .none)
  }

  @Test func aRetiredConnectionIsNeverJoinedAgainAndItsSubscribersLeaveQuietly() {
    var state = State()
    _ = join(&state, relay: "relay 1")
    _ = state.subscribed(ReleaseProbe("upstream 1"), to: 1)
    _ = state.start(1)
    _ = state.adopt(Task {}, to: 1)
    state.retire(1)
    #expect(state.current == nil)
    #expect(join(&state, relay: "relay 2") == .subscribe(id: 2, relay: "relay 2"))
    // The retired connection's subscribers leaving touch neither connection.
    #expect(state.cancel(1).isEmpty)
    #expect(state.current?.id == 2)
    #expect(state.current?.members == 1)
    // Retiring a connection that is not the current one changes nothing.
    state.retire(1)
    #expect(state.current?.id == 2)
  }

  @Test func aNewConnectionAfterTheLastSubscriberLeftStartsAfresh() {
    var state = State()
    _ = join(&state, relay: "relay 1")
    _ = state.subscribed(ReleaseProbe("upstream 1"), to: 1)
    _ = state.start(1)
    _ = state.cancel(1)
    #expect(join(&state, relay: "relay 2") == .subscribe(id: 2, relay: "relay 2"))
    #expect(started(state.subscribed(ReleaseProbe("upstream 2"), to: 2)) == .none)
    #expect(started(state.start(2)) == .startPump(relay: "relay 2", subscription: "upstream 2"))
    // A demand or a pump of the old connection does nothing to the new one.
    #expect(started(state.start(1)) == .none)
    let adoptedStale = state.adopt(Task {}, to: 1)
    #expect(!adoptedStale)
  }
}
