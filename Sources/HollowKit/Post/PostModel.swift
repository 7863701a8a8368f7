import Signal
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A running post: one ``PostStateMachine`` whose actions a ``PostLoader`` runs with Signal's
/// operators (each batch of actions one `flatMap` over their publishers: the cache read and the
/// detail fetch a `Perform`, the cited posts and images the fan-in's closure form), and whose
/// ``PostSnapshot``s it publishes through a `CurrentValueSubject`. `post N` and the reader's post
/// screen consume the same snapshots.
///
/// Releasing the model (or ``cancel()``) stops every load.
///
/// ```swift
/// let model = loaders.posts.model(42)
/// model.open()                 // the cached copy at once, then the server's
/// for await snapshot in model.snapshots { render(snapshot) }
/// ```
public final class PostModel: Sendable {
  /// What a running load reports back to the machine.
  enum Input: Sendable {
    case cacheRead(Post?, CachedComments?, Date?)
    case detailArrived(PostDetailResult, ticket: Int)
    case detailFailed(HollowError, ticket: Int)
    case part(FeedPart, FeedPart.Outcome)

    func apply(to machine: inout PostStateMachine) -> [PostStateMachine.Action] {
      switch self {
      case .cacheRead(let post, let comments, let cachedAt):
        machine.cacheRead(post: post, comments: comments, cachedAt: cachedAt)
      case .detailArrived(let result, let ticket): machine.detailArrived(result, ticket: ticket)
      case .detailFailed(let error, let ticket): machine.detailFailed(error, ticket: ticket)
      case .part(let part, let outcome): machine.partArrived(part, outcome)
      }
    }
  }

  private struct State {
    var machine: PostStateMachine
    /// Every batch of actions started; a post runs a handful.
    var subscriptions: [AnyCancellable] = []
    var isCancelled = false
  }

  private let loader: PostLoader
  private let state: Mutex<State>
  private let subject: CurrentValueSubject<PostSnapshot, Never>

  init(loader: PostLoader, machine: PostStateMachine) {
    self.loader = loader
    state = Mutex(State(machine: machine))
    subject = CurrentValueSubject(machine.snapshot)
  }

  deinit {
    cancel()
  }

  /// The post's id.
  public var pid: Int { snapshot.pid }

  /// The current snapshot.
  public var snapshot: PostSnapshot {
    state.withLock { $0.machine.snapshot }
  }

  /// The current snapshot, then every change; a slow subscriber skips to the newest. Ends when the
  /// model is released.
  public var snapshots: SubjectValues<PostSnapshot, Never> {
    subject.values(buffering: .dropOldest(1))
  }

  /// Starts: the cached copy at once, then the server's.
  public func open() {
    send { $0.open() }
  }

  /// Asks the server again (offline: the cache); nothing while a load runs.
  public func refresh() {
    send { $0.refresh() }
  }

  /// Shows `post` (after following it or voting) without asking the server.
  public func replace(_ post: Post) {
    send { $0.replace(post) }
  }

  /// Stops every load; later events are ignored.
  public func cancel() {
    let subscriptions = state.withLock { state in
      state.isCancelled = true
      defer { state.subscriptions = [] }
      return state.subscriptions
    }
    for subscription in subscriptions { subscription.cancel() }
  }

  /// Applies an event, publishes the snapshot (under the lock, so subscribers see them in order)
  /// and runs the actions.
  private func send(_ event: (inout PostStateMachine) -> [PostStateMachine.Action]) {
    let actions = state.withLock { state -> [PostStateMachine.Action] in
      guard !state.isCancelled else { return [] }
      let actions = event(&state.machine)
      subject.trySend(state.machine.snapshot)
      return actions
    }
    guard !actions.isEmpty else { return }
    let (loader, pid) = (loader, state.withLock { $0.machine.snapshot.pid })
    let subscription = actions.publisher.flatMap(maxPublishers: actions.count) { action in
      Self.publisher(for: action, pid: pid, loader: loader)
    }
    .sink { [weak self] inputs in
      self?.send { machine in inputs.flatMap { $0.apply(to: &machine) } }
    }
    let kept = state.withLock { state in
      if !state.isCancelled { state.subscriptions.append(subscription) }
      return !state.isCancelled
    }
    if !kept { subscription.cancel() }
  }

  private static func publisher(for action: PostStateMachine.Action, pid: Int, loader: PostLoader)
    -> AnyPublisher<[Input], Never>
  {
    switch action {
    case .readCache:
      return PerformableClosure { () async -> [Input] in
        let cached = await loader.cached(pid)
        return [.cacheRead(cached.post, cached.comments, cached.cachedAt)]
      }.publisher.eraseToAnyPublisher()
    case .fetch(let knownUpdatedAt, let ticket):
      return PerformableClosure { () async -> [Input] in
        switch await loader.detail(pid, knownUpdatedAt: knownUpdatedAt) {
        case .loaded(let result): [.detailArrived(result, ticket: ticket)]
        case .failed(let error): [.detailFailed(error, ticket: ticket)]
        case .cancelled: []
        }
      }.publisher.eraseToAnyPublisher()
    case .loadParts(let parts, let cacheOnly):
      let (images, quotes) = (loader.images, loader.quotes)
      return parts.publisher(maxConcurrent: parts.count) { part in
        await part.load(images: images, quotes: quotes, policy: cacheOnly ? .cacheOnly : .cacheFirst)
      }
      .map { index, outcome in [Input.part(parts[index], outcome.get())] }
      .eraseToAnyPublisher()
    }
  }
}
