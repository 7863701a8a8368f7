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
  }

  private let loader: PageLoader
  private let state: Mutex<State>
  /// Finishes its subscribers when the pager (its only owner) is released.
  private let subject = CurrentValueSubject<PagerSnapshot, Never>(PagerSnapshot())

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

  /// The current state.
  public var snapshot: PagerSnapshot {
    state.withLock { $0.machine.snapshot }
  }

  /// The current snapshot, then every change. Each subscription starts with the snapshot of that
  /// moment; a slow subscriber skips to the newest snapshot. Ends when the pager is released.
  public var snapshots: SubjectValues<PagerSnapshot, Never> {
    subject.values(buffering: .dropOldest(1))
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

  private func publishCurrent() {
    state.withLock { publish($0) }
  }

  /// Sends under the lock so subscribers see snapshots in the order they were made. Safe: every
  /// subscription drops old values (`.dropOldest(1)`), so `trySend` never waits, and the subject
  /// never calls back into the pager.
  private func publish(_ state: State) {
    subject.trySend(state.machine.snapshot)
  }
}
