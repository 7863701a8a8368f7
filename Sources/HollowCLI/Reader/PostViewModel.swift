import HollowKit
import Signal
import Synchronization

/// The post screen's view model: the library's post model's snapshot (``HollowKit/PostModel``, the
/// one `post N` runs: the cached copy at once, then the server's answer, every cited post and image
/// loaded once), with each new picture decoded once, and the cursor over the post, its citations
/// and comments. Intents come in through ``send(_:)``; every change is published.
///
/// ```swift
/// let post = PostViewModel(services: services, pid: 42)
/// post.start()
/// post.send(.nextComment(1))
/// for await state in post.states { render(state) }
/// ```
final class PostViewModel: Sendable {
  private struct Core {
    var state: PostState
    var model: PostModel?
    var subscription: AnyCancellable?
  }

  private let services: ReaderServices
  private let subject: CurrentValueSubject<PostState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<PostState, Never>>

  /// - Parameter seenComments: the comments the read state recorded for the post before this opening;
  ///   the ones that came since are marked new.
  init(services: ReaderServices, pid: Int, seenComments: Int? = nil) {
    self.services = services
    let state = PostState(pid: pid, offline: services.offline, seenComments: seenComments)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    let (subscription, model) = core.withLock { ($0.subscription, $0.model) }
    subscription?.cancel()
    model?.cancel()
  }

  var state: PostState { core.withLock { $0.state } }

  var pid: Int { state.pid }

  /// Loads the post: the cached copy, then the server's. Once; `send(.refresh)` asks again.
  func start() {
    let options = PostStateMachine.Options(imageBaseURL: services.imageBaseURL, offline: services.offline)
    let model = services.loaders.posts.model(state.pid, options: options)
    let isNew = core.withLock { core in
      guard core.model == nil else { return false }
      core.model = model
      return true
    }
    guard isNew else { return model.cancel() }
    let slots = PictureSlots()
    let subscription = model.snapshots.sink { [weak self] snapshot in
      let paths = PictureSlots.paths(
        of: snapshot.post.map { [$0] } ?? [], comments: snapshot.comments ?? [], quotes: snapshot.quotes.all)
      let pictures = slots.new(snapshot.images, paths: paths)
      self?.update { state in
        state.show(snapshot)
        for (path, slot) in pictures { state.images[path] = slot }
      }
    }
    core.withLock { $0.subscription = subscription }
    model.open()
  }

  /// Carries out `intent`; answers what to tell the user, if anything (a search's match, a jump
  /// that has nowhere to go).
  @discardableResult
  func send(_ intent: PostIntent) -> String? {
    switch intent {
    case .refresh:
      core.withLock { $0.model }?.refresh()
      return nil
    case .replace(let post):
      // Shown at once (a key right after acts on it); the model's next snapshot carries it too.
      let model = core.withLock { core in
        if core.state.detail.post?.pid == post.pid {
          core.state.detail.post = post
          subject.trySend(core.state)
        }
        return core.model
      }
      model?.replace(post)
      return nil
    default:
      return core.withLock { core in
        let message = core.state.apply(intent)
        subject.trySend(core.state)
        return message
      }
    }
  }

  private func update(_ change: (inout PostState) -> Void) {
    core.withLock { core in
      change(&core.state)
      subject.trySend(core.state)
    }
  }
}
