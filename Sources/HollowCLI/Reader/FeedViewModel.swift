import HollowKit
import Signal
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The feed screen's view model: the library's feed model's snapshot plus a cursor. Intents come in
/// through ``send(_:)``; every change is published.
///
/// - The ``HollowKit/FeedModel`` decides everything about the feed (the cached page 1 at once, then
///   the server's; where it ends; offline; each image and cited post loaded once) and publishes
///   snapshots; this model only keeps the newest, decodes each new picture once and moves the cursor.
/// - Moving the cursor to the last posts asks the model for the next page.
///
/// ```swift
/// let feed = FeedViewModel(services: services, source: .timeline)
/// feed.start()
/// for await state in feed.states { render(state) }
/// ```
final class FeedViewModel: Sendable {
  private struct Core {
    var state: FeedState
    var model: FeedModel?
    var subscription: AnyCancellable?
    /// Bumped by every switch of feed, so a late snapshot of the previous one is ignored.
    var generation = 0
  }

  private let services: ReaderServices
  private let subject: CurrentValueSubject<FeedState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<FeedState, Never>>

  /// How close to the end the cursor gets before the next page loads.
  static let loadAhead = 3

  init(services: ReaderServices, source: FeedSource) {
    self.services = services
    let state = FeedState(source: source)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    let (subscription, model) = core.withLock { ($0.subscription, $0.model) }
    subscription?.cancel()
    model?.cancel()
  }

  var state: FeedState { core.withLock { $0.state } }

  /// Shows the cached page 1, then loads page 1 from the server.
  func start() {
    show(state.source)
  }

  func send(_ intent: FeedIntent) {
    switch intent {
    case .move(let delta):
      let (model, nearEnd) = update { state in
        state.cursor = max(0, min(state.posts.count - 1, state.cursor + delta))
        return state.posts.count - state.cursor <= Self.loadAhead
      }
      if nearEnd { model?.loadMore() }
    case .top:
      _ = update { $0.cursor = 0 }
    case .bottom:
      let (model, _) = update { $0.cursor = max(0, $0.posts.count - 1) }
      model?.loadMore()
    case .refresh:
      core.withLock { $0.model }?.refresh()
    case .show(let source):
      show(source)
    case .replace(let post):
      _ = update { $0.replace(post) }
    }
  }

  /// Changes the state under the lock and publishes it; answers the model and `body`'s result.
  private func update<T>(_ body: (inout FeedState) -> T) -> (FeedModel?, T) {
    core.withLock { core in
      let result = body(&core.state)
      subject.trySend(core.state)
      return (core.model, result)
    }
  }

  private func show(_ source: FeedSource) {
    let model = services.loaders.feeds.model(
      source,
      options: FeedStateMachine.Options(
        imageBaseURL: services.imageBaseURL, loadsCitedImages: true, offline: services.offline))
    let (generation, old) = core.withLock { core -> (Int, (FeedModel?, AnyCancellable?)) in
      let old = (core.model, core.subscription)
      core.generation += 1
      core.state = FeedState(source: source)
      core.model = model
      core.subscription = nil
      subject.trySend(core.state)
      return (core.generation, old)
    }
    old.0?.cancel()
    old.1?.cancel()
    let slots = PictureSlots()
    let subscription = model.snapshots.sink { [weak self] snapshot in
      let pictures = Self.newPictures(in: snapshot, slots: slots)
      self?.apply(generation) { state in
        state.apply(snapshot)
        for (path, slot) in pictures { state.images[path] = slot }
        for post in state.posts {
          if let path = post.imagePath, state.images[path] == nil { state.images[path] = .loading }
        }
      }
    }
    core.withLock { core in
      if core.generation == generation { core.subscription = subscription }
    }
    model.open()
  }

  /// The images of `snapshot` that arrived since the last one (posts', preview comments' and cited
  /// posts'), by path, each PNG decoded once.
  private static func newPictures(in snapshot: FeedSnapshot, slots: PictureSlots) -> [(String, ImageSlot)] {
    snapshot.pages.flatMap(\.posts).filter { !$0.images.isEmpty }.flatMap { item in
      slots.new(
        item.images, paths: PictureSlots.paths(of: [item.post], comments: item.comments, quotes: item.quotes.all))
    }
  }

  /// Applies `change` if the feed is still the one of `generation`.
  private func apply(_ generation: Int, _ change: (inout FeedState) -> Void) {
    core.withLock { core in
      guard core.generation == generation else { return }
      change(&core.state)
      subject.trySend(core.state)
    }
  }
}
