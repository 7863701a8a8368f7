import HollowKit
import Signal
import Synchronization

/// The post screen's view model: the post and all its comments, stale-while-revalidate through
/// the library's ``HollowKit/PostDetailCache`` (the cached copy at once, then the server's answer,
/// asked with `old_updated_at` so unchanged comments are not sent again), with every `#pid` cited
/// by the post or a comment loaded once through the quote fan-in.
///
/// ```swift
/// let post = PostViewModel(services: services, pid: 42)
/// post.start()
/// post.send(.refresh)
/// for await state in post.states { render(state) }
/// ```
final class PostViewModel: Sendable {
  private struct Core {
    var state: PostState
    var subscription: AnyCancellable?
    var parts: PostParts?
  }

  private let services: ReaderServices
  private let subject: CurrentValueSubject<PostState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<PostState, Never>>

  init(services: ReaderServices, pid: Int) {
    self.services = services
    let state = PostState(pid: pid, offline: services.offline)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    let (subscription, parts) = core.withLock { ($0.subscription, $0.parts) }
    subscription?.cancel()
    parts?.cancel()
  }

  var state: PostState { core.withLock { $0.state } }

  var pid: Int { state.pid }

  /// Loads the detail: the cached copy, then the server's.
  func start() {
    let parts = core.withLock { core in
      if let parts = core.parts { return parts }
      let parts = PostParts(
        services: services,
        onQuote: { [weak self] quote in self?.update { $0.quotes[quote.pid] = quote } },
        onImage: { [weak self] path, slot in self?.update { $0.images[path] = slot } })
      core.parts = parts
      return parts
    }
    let subscription = services.loaders.details.detail(state.pid, policy: services.policy).sink {
      [weak self] snapshot in
      self?.update { state in
        // A refresh that failed keeps what was shown (the cache may have had nothing this time).
        if snapshot.post == nil, state.detail.post != nil, !snapshot.isDeleted {
          state.detail.status = state.detail.status.failed(snapshot.status.errorMessage ?? "refresh failed")
          state.detail.offline = snapshot.offline
        } else {
          state.detail = snapshot
        }
      }
      if let post = snapshot.post { parts.load(posts: [post], comments: snapshot.comments ?? []) }
    }
    let old = core.withLock { core in
      defer { core.subscription = subscription }
      return core.subscription
    }
    old?.cancel()
  }

  func send(_ intent: PostIntent) {
    switch intent {
    case .refresh: start()
    case .replace(let post): update { $0.detail.post = post }
    }
  }

  private func update(_ change: (inout PostState) -> Void) {
    core.withLock { core in
      change(&core.state)
      subject.trySend(core.state)
    }
  }
}
