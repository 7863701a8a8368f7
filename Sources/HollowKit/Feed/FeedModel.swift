import Signal
import Synchronization

/// A running feed: one ``FeedStateMachine`` whose actions a ``FeedLoader`` runs with Signal's
/// operators (each batch of actions one `flatMap` over their publishers: a page fetch is a
/// `Perform`, a page's images and cited posts the fan-in's closure form under the per-host budget),
/// and whose ``FeedSnapshot``s it publishes through a `CurrentValueSubject`. Print mode and the
/// reader consume the same snapshots.
///
/// Releasing the model (or ``cancel()``) stops every load.
///
/// ```swift
/// let model = loaders.feeds.model(.followed)
/// model.open()                 // the cached page 1 at once, then the server's
/// for await snapshot in model.snapshots { render(snapshot) }
/// model.loadMore()             // page 2, even after a page of 29 posts
/// ```
public final class FeedModel: Sendable {
  /// What a running load reports back to the machine.
  enum Input: Sendable {
    case pageArrived(FeedPage, ticket: Int)
    case pageFailed(Int, FeedPageFailure, ticket: Int)
    case wentOffline(OfflineReason)
    case servedFromCache(FeedPage)
    case part(FeedPart, FeedPart.Outcome)
    case rateLimitWindow(waiting: Bool)

    func apply(to machine: inout FeedStateMachine) -> [FeedStateMachine.Action] {
      switch self {
      case .pageArrived(let page, let ticket): machine.pageArrived(page, ticket: ticket)
      case .pageFailed(let number, let failure, let ticket): machine.pageFailed(number, failure, ticket: ticket)
      case .wentOffline(let reason): machine.wentOffline(reason)
      case .servedFromCache(let page): machine.servedFromCache(page)
      case .part(let part, let outcome): machine.partArrived(part, outcome)
      case .rateLimitWindow(let waiting): machine.rateLimitWindow(waiting: waiting)
      }
    }
  }

  private struct State {
    var machine: FeedStateMachine
    /// Running batches of actions, by id; `fetchOnly` ones are what ``FeedStateMachine/Action/cancelFetches`` stops.
    var batches: [Int: (subscription: AnyCancellable, fetchOnly: Bool)] = [:]
    var nextBatch = 0
    /// Batches that ended before ``FeedModel/run(_:)`` stored them (cached answers can be that quick).
    var endedEarly: Set<Int> = []
    var isCancelled = false
  }

  private let loader: FeedLoader
  private let source: FeedSource
  private let state: Mutex<State>
  private let subject: CurrentValueSubject<FeedSnapshot, Never>

  init(loader: FeedLoader, machine: FeedStateMachine) {
    self.loader = loader
    source = machine.snapshot.source
    state = Mutex(State(machine: machine))
    subject = CurrentValueSubject(machine.snapshot)
  }

  deinit {
    cancel()
  }

  /// The current snapshot.
  public var snapshot: FeedSnapshot {
    state.withLock { $0.machine.snapshot }
  }

  /// The current snapshot, then every change; a slow subscriber skips to the newest. Ends when the
  /// model is released.
  public var snapshots: SubjectValues<FeedSnapshot, Never> {
    subject.values(buffering: .dropOldest(1))
  }

  /// Print mode: loads `pages` (a numbered feed's all at once, wander's first batch alone) with their parts.
  public func load(pages: [Int]) {
    send { $0.load(pages: pages) }
  }

  /// The reader's start: the cached page 1 at once, then the server's.
  public func open() {
    send { $0.open() }
  }

  /// The reader's start at `page` (`timeline --page 3`): that page cached at once, then the
  /// server's; scrolling loads the pages after it and a refresh starts over from it.
  ///
  /// ```swift
  /// loaders.feeds.model(.timeline).open(at: 3)
  /// ```
  public func open(at page: Int) {
    send { $0.open(at: page) }
  }

  /// Stops the running page fetches (their requests are cancelled, so their connections close);
  /// the pages shown stay, and the snapshot's ``FeedSnapshot/loadCancelled`` says so.
  ///
  /// ```swift
  /// model.refresh()
  /// model.cancelLoads()   // Esc: the refresh's request stops
  /// ```
  public func cancelLoads() {
    send { $0.cancelLoads() }
  }

  /// Loads page 1 (a new wander batch) again; it replaces the pages shown when it arrives.
  public func refresh() {
    send { $0.refresh() }
  }

  /// Loads the next page, unless the end was reached or a page is loading.
  public func loadMore() {
    send { $0.loadMore() }
  }

  /// Says that the next request waits for a rate-limit window (`true`) or no longer does.
  public func rateLimitWindow(waiting: Bool) {
    send { $0.rateLimitWindow(waiting: waiting) }
  }

  /// Stops every load; later events are ignored.
  public func cancel() {
    let batches = state.withLock { state in
      state.isCancelled = true
      defer { state.batches = [:] }
      return state.batches.values.map(\.subscription)
    }
    for batch in batches { batch.cancel() }
  }

  /// Applies an event, publishes the snapshot (under the lock, so subscribers see them in order;
  /// `trySend` never waits: every subscription drops old values) and runs the actions.
  private func send(_ event: (inout FeedStateMachine) -> [FeedStateMachine.Action]) {
    let (actions, cancelled) = state.withLock { state -> ([FeedStateMachine.Action], [AnyCancellable]) in
      guard !state.isCancelled else { return ([], []) }
      let actions = event(&state.machine)
      subject.trySend(state.machine.snapshot)
      guard actions.contains(.cancelFetches) else { return (actions, []) }
      let fetches = state.batches.filter(\.value.fetchOnly)
      for id in fetches.keys { state.batches[id] = nil }
      return (actions, fetches.values.map(\.subscription))
    }
    for batch in cancelled { batch.cancel() }
    run(actions.filter { $0 != .cancelFetches })
  }

  /// Runs a batch of actions as one `flatMap` over their publishers, which starts them in order
  /// (so page fetches reach the host budget's queue before the parts that follow them).
  private func run(_ actions: [FeedStateMachine.Action]) {
    guard !actions.isEmpty else { return }
    let (loader, source) = (loader, source)
    let fetchOnly = actions.allSatisfy { if case .loadParts = $0 { false } else { true } }
    let id = state.withLock { state in
      state.nextBatch += 1
      return state.nextBatch
    }
    let subscription = actions.publisher.flatMap(maxPublishers: actions.count) { action in
      Self.publisher(for: action, source: source, loader: loader)
    }
    .sink(
      receiveCompletion: { [weak self] _ in self?.finished(id) },
      receiveValue: { [weak self] inputs in
        self?.send { machine in inputs.flatMap { $0.apply(to: &machine) } }
      })
    let kept = state.withLock { state in
      guard !state.isCancelled, state.endedEarly.remove(id) == nil else { return false }
      state.batches[id] = (subscription, fetchOnly)
      return true
    }
    if !kept { subscription.cancel() }
  }

  private func finished(_ id: Int) {
    state.withLock { state in
      if state.batches.removeValue(forKey: id) == nil { state.endedEarly.insert(id) }
    }
  }

  private static func publisher(for action: FeedStateMachine.Action, source: FeedSource, loader: FeedLoader)
    -> AnyPublisher<[Input], Never>
  {
    switch action {
    case .fetch(let number, let ticket, let offline):
      let loading = PerformableClosure { () async -> [Input] in
        await fetch(number, of: source, ticket: ticket, offline: offline, loader: loader)
      }.publisher
      // A search within the server's window waits in its request; the snapshot says so meanwhile.
      guard offline == nil, source.isSearch, let keeper = loader.client.rateLimits,
        keeper.delay(before: .search) > .zero
      else { return loading.eraseToAnyPublisher() }
      return Just([Input.rateLimitWindow(waiting: true)])
        .append(loading.map { [Input.rateLimitWindow(waiting: false)] + $0 })
        .eraseToAnyPublisher()
    case .readCache(let number):
      return PerformableClosure { () async -> [Input] in
        guard let page = await loader.cachedPage(number, of: source, offline: nil) else { return [] }
        return [.servedFromCache(page)]
      }.publisher.eraseToAnyPublisher()
    case .loadParts(let parts, let offline):
      let policy: CachePolicy = offline ? .cacheOnly : .cacheFirst
      let (images, quotes) = (loader.images, loader.quotes)
      return parts.publisher(maxConcurrent: parts.count) { part in
        await part.load(images: images, quotes: quotes, policy: policy)
      }
      .map { index, outcome in [Input.part(parts[index], outcome.get())] }
      .eraseToAnyPublisher()
    case .cancelFetches:
      return Empty().eraseToAnyPublisher()
    }
  }

  /// Page `number` from the server, or from the cache when offline or when the server cannot be
  /// reached (then the model goes offline first).
  private static func fetch(
    _ number: Int, of source: FeedSource, ticket: Int, offline: OfflineReason?, loader: FeedLoader
  )
    async -> [Input]
  {
    var inputs: [Input] = []
    var outcome = await loader.page(number, of: source, offline: offline)
    if case .unreachable(let reason) = outcome {
      inputs.append(.wentOffline(reason))
      outcome = await loader.page(number, of: source, offline: reason)
    }
    switch outcome {
    case .loaded(let page): inputs.append(.pageArrived(page, ticket: ticket))
    case .failed(let failure): inputs.append(.pageFailed(number, failure, ticket: ticket))
    case .unreachable, .cancelled: break
    }
    return inputs
  }
}
