import HollowKit
import Signal
import Synchronization

/// The search screen's view model: results update as you type. Keystrokes go into a subject;
/// the query stream is debounced on `clock` and each settled query becomes a search through
/// `flatMapLatest` onto the library's feed model for that query (``SearchQuery``), so a new query
/// cancels the request in flight and typing a word quickly makes one request, not one per
/// keystroke; the feed model loads the results' cited posts and images. Intents come in through ``send(_:)`` (``SearchIntent``).
///
/// ```swift
/// let search = SearchViewModel(services: services, clock: ContinuousClock())
/// search.start()
/// search.send(.type("猫"))   // one request, 300 ms after the last keystroke
/// ```
final class SearchViewModel<C: Clock>: Sendable where C.Duration == Duration {
  private struct Core {
    var state: SearchState
    var subscription: AnyCancellable?
  }

  private let services: ReaderServices
  private let queries: CurrentValueSubject<String, Never>
  private let subject: CurrentValueSubject<SearchState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one.
  let states: Publishers.Share<SubjectValues<SearchState, Never>>
  /// The outcome of every settled query (the last one replayed to a late subscriber).
  let outcomes: Publishers.Share<AnyPublisher<SearchOutcome, Never>>

  /// How long typing must pause before a query is searched.
  static var quietInterval: Duration { .milliseconds(300) }

  /// - Parameter typed: sees each distinct query as it enters the debounce (tests wait on it
  ///   before moving their clock on).
  init(
    services: ReaderServices, clock: C, query: String = "", typed: (@Sendable (String) -> Void)? = nil
  ) {
    self.services = services
    queries = CurrentValueSubject(query)
    let state = SearchState(query: query)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
    outcomes = queries.values(buffering: .dropOldest(1))
      .map(SearchQuery.normalized)
      .removeDuplicates()
      .handleEvents(receiveOutput: typed)
      .debounce(for: Self.quietInterval, clock: clock)
      // Within the server's search window the request waits (a newer query replaces it); the
      // outcome says so meanwhile.
      .flatMapLatest { text in SearchQuery(services: services, text: text).publisher }
      .eraseToAnyPublisher()
      .share(replay: 1)
  }

  deinit {
    core.withLock { $0.subscription }?.cancel()
  }

  var state: SearchState { core.withLock { $0.state } }

  /// Starts listening to the typed queries.
  func start() {
    let slots = PictureSlots()
    let subscription = outcomes.sink { [weak self] outcome in
      let items = (try? outcome.result?.get()) ?? []
      let pictures = items.flatMap { item in
        slots.new(
          item.images, paths: PictureSlots.paths(of: [item.post], comments: item.comments, quotes: item.quotes.all))
      }
      self?.update { state in
        state.isWaiting = outcome.isWaiting
        guard let result = outcome.result else { return }
        if state.resultsQuery != outcome.query { state.cursor = 0 }
        state.resultsQuery = outcome.query
        switch result {
        case .success(let items):
          state.results = items.map(\.post)
          state.quotes = [:]
          for item in items { for quote in item.quotes.all { state.quotes[quote.pid] = quote } }
          for (path, slot) in pictures { state.images[path] = slot }
          state.error = nil
        case .failure(let error):
          state.error = error.kind.description
        }
      }
    }
    core.withLock { $0.subscription = subscription }
  }

  func send(_ intent: SearchIntent) {
    switch intent {
    case .type(let text):
      edit { $0 += text }
    case .erase:
      edit { query in
        if !query.isEmpty { query.removeLast() }
      }
    case .move(let delta):
      update { state in state.cursor = max(0, min(state.results.count - 1, state.cursor + delta)) }
    case .replace(let post):
      update { state in
        if let index = state.results.firstIndex(where: { $0.pid == post.pid }) { state.results[index] = post }
      }
    }
  }

  private func edit(_ change: (inout String) -> Void) {
    let query = core.withLock { core in
      change(&core.state.query)
      subject.trySend(core.state)
      return core.state.query
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
