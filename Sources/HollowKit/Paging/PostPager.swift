import Signal
import Synchronization

/// Pages through a ``PostFeed``: ``refresh()`` goes back to page 1, ``loadMore()`` fetches the next
/// page, and a short page (fewer than 30 posts) ends the feed. Publishes its ``PagerSnapshot``
/// (phase, posts of all pages without repeated pids) as a Signal stream.
///
/// Loads run in tasks the pager owns: a refresh supersedes a running load-more, ``cancel()`` stops
/// the running load, and a caller awaiting ``refresh()``/``loadMore()`` resumes when the load it
/// started (or joined) ends.
///
/// ```swift
/// let pager = PostPager(feed: .timeline, client: client)
/// Task { for await snapshot in pager.snapshots { render(snapshot) } }
/// await pager.refresh()
/// while pager.snapshot.phase == .idle { await pager.loadMore() }
/// ```
public final class PostPager: Sendable {
  /// Fetches page `n` (from 1).
  public typealias PageLoader = @Sendable (Int) async throws(HollowError) -> PostPage

  private struct State {
    var machine: PagerStateMachine
    var running: Task<Void, Never>?
    var subscribers: [Int: AsyncStream<PagerSnapshot>.Continuation] = [:]
    var nextSubscriber = 0
  }

  private let loader: PageLoader
  private let state: Mutex<State>

  /// A pager over any page source, e.g. a stub in tests.
  public init(pageSize: Int = APILimits.pageSize, maximumPage: Int, loader: @escaping PageLoader) {
    self.loader = loader
    state = Mutex(State(machine: PagerStateMachine(pageSize: pageSize, maximumPage: maximumPage)))
  }

  /// A pager over `feed`, sending requests with `client`.
  public convenience init(feed: PostFeed, client: TreeHoleClient) {
    self.init(maximumPage: feed.maximumPage) { (page) async throws(HollowError) -> PostPage in
      try await feed.page(page, client: client)
    }
  }

  deinit {
    // Finishing calls onTermination, which takes the lock: collect first, finish outside it.
    let subscribers = state.withLock { state in
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// The current state.
  public var snapshot: PagerSnapshot {
    state.withLock { $0.machine.snapshot }
  }

  /// The current snapshot, then every change. Cold: each subscription starts with the snapshot of
  /// that moment; a slow subscriber skips to the newest snapshot. Ends when the pager is released.
  ///
  /// (An AsyncStream per subscriber until Signal's `CurrentValueSubject` is available here.)
  public var snapshots: Deferred<Publishers.AsyncSequencePublisher<AsyncStream<PagerSnapshot>>> {
    Deferred { [weak self] in
      guard let self else { return AsyncStream<PagerSnapshot> { $0.finish() }.publisher }
      return self.subscribe().publisher
    }
  }

  /// Loads page 1 and replaces the posts with it; returns when that load ends.
  public func refresh() async {
    await run { $0.refresh() }
  }

  /// Loads the next page (retrying after a failure); returns when that load ends. Does nothing
  /// once the feed is exhausted.
  public func loadMore() async {
    await run { $0.loadMore() }
  }

  /// Stops the running load; its result is dropped and the phase goes back to idle.
  public func cancel() {
    let (task, changed) = state.withLock { state in
      defer { state.running = nil }
      return (state.running, state.machine.cancel())
    }
    task?.cancel()
    if changed { publishCurrent() }
  }

  private func run(_ event: (inout PagerStateMachine) -> PagerStateMachine.Action) async {
    let (task, superseded) = state.withLock { state -> (Task<Void, Never>?, Task<Void, Never>?) in
      guard case .fetch(let page, let ticket, let cancelRunning) = event(&state.machine) else {
        return (state.running, nil)
      }
      let superseded = cancelRunning ? state.running : nil
      let task = Task { await self.fetch(page: page, ticket: ticket) }
      state.running = task
      publish(state)
      return (task, superseded)
    }
    superseded?.cancel()
    await task?.value
  }

  private func fetch(page: Int, ticket: Int) async {
    let outcome = await OptionalOutput { () async throws(HollowError) -> PostPage in try await loader(page) }
    state.withLock { state in
      let changed: Bool
      switch outcome {
      case .success(let posts): changed = state.machine.pageArrived(posts, ticket: ticket)
      case .failure(let error): changed = state.machine.pageFailed(error, ticket: ticket)
      }
      guard changed else { return }
      state.running = nil
      publish(state)
    }
  }

  private func subscribe() -> AsyncStream<PagerSnapshot> {
    let (stream, continuation) = AsyncStream.makeStream(of: PagerSnapshot.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      defer { state.nextSubscriber += 1 }
      return state.nextSubscriber
    }
    // Set before the continuation is registered, so no termination can slip past it.
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    state.withLock { state in
      state.subscribers[id] = continuation
      continuation.yield(state.machine.snapshot)
    }
    return stream
  }

  private func publishCurrent() {
    state.withLock { publish($0) }
  }

  /// Yields under the lock so subscribers see snapshots in the order they were made. Safe: `yield`
  /// only buffers and schedules the consumer; it never calls back into the pager.
  private func publish(_ state: State) {
    let snapshot = state.machine.snapshot
    for subscriber in state.subscribers.values { subscriber.yield(snapshot) }
  }
}
