import HollowKit
import Signal
import Synchronization

/// The search screen's view model: results update as you type, and more pages load as you scroll.
/// Keystrokes go into a subject; the query stream is debounced on `clock` and each settled query
/// becomes a feed of its results (the library's ``HollowKit/FeedModel`` on ``HollowKit/FeedSource/search(_:)``,
/// which decides the pages, the end, the search window's wait) through `flatMapLatest`, so a new
/// query cancels the old one's requests and typing a word quickly makes one request, not one per
/// keystroke. A query over the backend's 30 characters is never sent. Intents come in through
/// ``send(_:)`` (``SearchIntent``).
///
/// ```swift
/// let search = SearchViewModel(services: services, clock: ContinuousClock())
/// search.start()
/// search.send(.type("猫"))     // one request, 300 ms after the last keystroke
/// search.send(.move(by: 27))  // near the end: page 2
/// ```
final class SearchViewModel<C: Clock>: Sendable where C.Duration == Duration {
  private struct Core {
    var state: SearchState
    var subscription: AnyCancellable?
    /// The feed of the newest settled query's results.
    var model: FeedModel?
    /// The page the first query's results start at (`search 食堂 --page 2`), used once.
    var firstPage: Int?
  }

  private let services: ReaderServices
  private let clock: C
  private let typed: (@Sendable (String) -> Void)?
  private let queries: CurrentValueSubject<SearchQuery, Never>
  private let subject: CurrentValueSubject<SearchState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one.
  let states: Publishers.Share<SubjectValues<SearchState, Never>>

  /// How long typing must pause before a query is searched.
  static var quietInterval: Duration { .milliseconds(300) }

  /// How close to the end the cursor gets before the next page loads (as on the feed).
  static var loadAhead: Int { FeedViewModel.loadAhead }

  /// - Parameters:
  ///   - includeComments: search comments too (`search --comments`); Tab toggles it.
  ///   - page: the page the first query's results start at.
  ///   - typed: sees each distinct query as it enters the debounce (tests wait on it before
  ///     moving their clock on).
  init(
    services: ReaderServices, clock: C, query: String = "", includeComments: Bool = false, page: Int = 1,
    typed: (@Sendable (String) -> Void)? = nil
  ) {
    self.services = services
    self.clock = clock
    self.typed = typed
    queries = CurrentValueSubject(SearchQuery(typed: query, includeComments: includeComments))
    let state = SearchState(query: query, includeComments: includeComments)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state, firstPage: page))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    let (subscription, model) = core.withLock { ($0.subscription, $0.model) }
    subscription?.cancel()
    model?.cancel()
  }

  var state: SearchState { core.withLock { $0.state } }

  /// Starts listening to the typed queries.
  func start() {
    let slots = PictureSlots()
    let subscription = queries.values(buffering: .dropOldest(1))
      .removeDuplicates()
      .handleEvents(receiveOutput: { [typed] query in typed?(query.text) })
      .debounce(for: Self.quietInterval, clock: clock)
      .flatMapLatest { [weak self] query -> AnyPublisher<SearchOutcome, Never> in
        guard let self else { return Empty().eraseToAnyPublisher() }
        return self.results(of: query)
      }
      .sink { [weak self] outcome in
        // The feed model loads the results' cited posts and pictures; each picture is decoded once.
        let items = outcome.snapshot?.posts ?? []
        let pictures = items.flatMap { item in
          slots.new(
            item.images, paths: PictureSlots.paths(of: [item.post], comments: item.comments, quotes: item.quotes.all))
        }
        self?.update { state in
          state.apply(outcome)
          for item in items { for quote in item.quotes.all { state.quotes[quote.pid] = quote } }
          for (path, slot) in pictures { state.images[path] = slot }
        }
      }
    core.withLock { core in
      core.subscription = subscription
    }
  }

  /// The outcomes of one settled query: nothing for a too long one (it is never sent; the old
  /// results stay), an empty outcome for an empty one, else its results' feed, opened when
  /// subscribed and cancelled with the subscription (a newer query, or the screen closing).
  private func results(of query: SearchQuery) -> AnyPublisher<SearchOutcome, Never> {
    guard let source = query.source else {
      if query.isTooLong { return Empty().eraseToAnyPublisher() }
      return Just(SearchOutcome(query: query, snapshot: nil)).eraseToAnyPublisher()
    }
    let services = services
    return Deferred { [weak self] in
      let model = services.loaders.feeds.model(
        source,
        options: FeedStateMachine.Options(
          imageBaseURL: services.imageBaseURL, loadsCitedImages: true, offline: services.offline))
      let page = self?.core.withLock { core in
        defer { core.firstPage = nil }
        core.model = model
        return core.firstPage
      }
      model.open(at: page ?? 1)
      return model.snapshots.map { SearchOutcome(query: query, snapshot: $0) }
        .handleEvents(receiveCancel: { model.cancel() })
    }
    .eraseToAnyPublisher()
  }

  func send(_ intent: SearchIntent) {
    switch intent {
    case .type(let text): edit { $0.query += text }
    case .erase:
      edit { state in
        if !state.query.isEmpty { state.query.removeLast() }
      }
    case .toggleComments: edit { $0.includeComments.toggle() }
    case .move(let delta): move(by: delta)
    case .replace(let post): update { $0.replace(post) }
    }
  }

  /// Moves the cursor; reaching the last results loads the next page.
  private func move(by delta: Int) {
    let (model, nearEnd) = core.withLock { core in
      let state = core.state
      core.state.cursor = max(0, min(state.results.count - 1, state.cursor + delta))
      subject.trySend(core.state)
      return (core.model, !state.results.isEmpty && state.results.count - core.state.cursor <= Self.loadAhead)
    }
    if nearEnd, !state.isSearching { model?.loadMore() }
  }

  private func edit(_ change: (inout SearchState) -> Void) {
    let query = core.withLock { core in
      change(&core.state)
      subject.trySend(core.state)
      return core.state.current
    }
    queries.trySend(query)
  }

  private func update(_ change: (inout SearchState) -> Void) {
    core.withLock { core in
      change(&core.state)
      subject.trySend(core.state)
    }
  }
}
