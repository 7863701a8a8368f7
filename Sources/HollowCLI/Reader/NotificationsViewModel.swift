import HollowKit
import Signal
import Synchronization

/// The notifications screen's view model: the user's `my_msgs`, loaded through the client's Signal
/// publishers page by page, and how many are unread (for the status line on every screen).
/// Intents come in through ``send(_:)``; every change is published on ``states``.
///
/// - What was seen is the read state's fact (``ReadStateStore``): showing the screen marks every
///   loaded message seen, and the screen marks new the ones that were not.
/// - A server without `my_msgs` (HTTP 404), a missing token, or `--offline` make the notifications
///   ``NotificationsState/Availability/unavailable``: no error, and no screen.
///
/// ```swift
/// let notifications = NotificationsViewModel(services: services, readState: store)
/// notifications.send(.load)
/// for await state in notifications.states { print(state.unread) }
/// ```
final class NotificationsViewModel: Sendable {
  private struct Core {
    var state: NotificationsState
    var request: AnyCancellable?
    /// Bumped by every request, so the answer of a replaced one is ignored.
    var generation = 0
  }

  private let services: ReaderServices
  private let readState: ReadStateStore
  private let subject: CurrentValueSubject<NotificationsState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<NotificationsState, Never>>

  /// How close to the end the cursor gets before the next page loads.
  static let loadAhead = 3

  init(services: ReaderServices, readState: ReadStateStore) {
    self.services = services
    self.readState = readState
    let state = NotificationsState(seenID: readState.state.seenMessageID)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    core.withLock { $0.request }?.cancel()
  }

  var state: NotificationsState { core.withLock { $0.state } }

  func send(_ intent: NotificationsIntent) {
    switch intent {
    case .load:
      // A server found without notifications is not asked again in the background.
      if state.availability != .unavailable { load(page: 1) }
    case .show:
      update { state in
        state.isShown = true
        state.newAbove = state.seenID
        state.cursor = 0
      }
      markSeen()
      load(page: 1)
    case .hide:
      update { $0.isShown = false }
    case .refresh:
      load(page: 1)
    case .move(let delta):
      let nearEnd = update { state in
        state.cursor = max(0, min(state.messages.count - 1, state.cursor + delta))
        return state.messages.count - state.cursor <= Self.loadAhead
      }
      if nearEnd { loadMore() }
    case .top:
      update { $0.cursor = 0 }
    case .bottom:
      update { $0.cursor = max(0, $0.messages.count - 1) }
      loadMore()
    }
  }

  private func loadMore() {
    let (page, idle) = core.withLock { core in
      (core.state.pagesLoaded + 1, core.request == nil && !core.state.endReached && core.state.pagesLoaded > 0)
    }
    if idle { load(page: page) }
  }

  /// Asks for `page` (page 1 replaces what was loaded), replacing any request under way.
  private func load(page: Int) {
    guard !services.offline else { return update { $0.availability = .unavailable } }
    guard page <= APILimits.maximumListPage else { return update { $0.endReached = true } }
    let generation = core.withLock { core in
      core.generation += 1
      core.state.phase = .loading
      subject.trySend(core.state)
      return core.generation
    }
    let publisher = services.client.request(UserMessagesRequest.self, .init(page: page)).publisher
    let subscription = publisher.sink(
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion else { return }
        self?.failed(error, generation: generation)
      },
      receiveValue: { [weak self] messages in
        self?.arrived(messages, page: page, generation: generation)
      })
    let old = core.withLock { core -> AnyCancellable? in
      guard core.generation == generation else { return nil }
      defer { core.request = core.state.phase == .loading ? subscription : nil }
      return core.request
    }
    old?.cancel()
  }

  private func arrived(_ messages: [UserMessage], page: Int, generation: Int) {
    let shown = core.withLock { core -> Bool in
      guard core.generation == generation else { return false }
      var state = core.state
      if page == 1 {
        state.messages = messages
        state.pagesLoaded = 1
      } else {
        let known = Set(state.messages.map(\.id))
        state.messages += messages.filter { !known.contains($0.id) }
        state.pagesLoaded = page
      }
      state.endReached = messages.isEmpty
      state.phase = .loaded
      state.availability = .available
      state.cursor = min(state.cursor, max(0, state.messages.count - 1))
      core.state = state
      core.request = nil
      subject.trySend(state)
      return state.isShown
    }
    if shown { markSeen() }
  }

  private func failed(_ error: HollowError, generation: Int) {
    update { state in
      switch error.kind {
      case .httpStatus(404), .tokenRequired, .tokenExpired:
        // No notifications on this server or without a token: not an error, just no screen.
        state.availability = .unavailable
        state.phase = .idle
      default:
        state.phase = .failed(error.kind.description)
      }
    } when: {
      $0.generation == generation
    }
    core.withLock { core in
      if core.generation == generation { core.request = nil }
    }
  }

  /// Everything loaded is seen: the read state records the newest id.
  private func markSeen() {
    guard let newest = state.messages.map(\.id).max() else { return }
    readState.send(.sawMessages(upTo: newest))
    let seen = readState.state.seenMessageID
    update { $0.seenID = seen }
  }

  @discardableResult
  private func update<T>(_ change: (inout NotificationsState) -> T) -> T {
    core.withLock { core in
      let result = change(&core.state)
      subject.trySend(core.state)
      return result
    }
  }

  private func update(_ change: (inout NotificationsState) -> Void, when condition: (Core) -> Bool) {
    core.withLock { core in
      guard condition(core) else { return }
      change(&core.state)
      subject.trySend(core.state)
    }
  }
}
