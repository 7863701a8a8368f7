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
/// - Each feed opened (timeline, wander, followed) is kept with its pages and cursor: showing it
///   again shows it where it was.
///
/// ```swift
/// let feed = FeedViewModel(services: services, source: .timeline)
/// feed.start()
/// for await state in feed.states { render(state) }
/// ```
final class FeedViewModel: Sendable {
  /// One feed opened so far: what it shows (its pages, its cursor), its model and the subscription
  /// to the model's snapshots. Feeds are kept while the reader runs, so switching back to one
  /// shows it where it was, its pages loaded.
  private struct Feed {
    var state: FeedState
    /// Whether its model was made (the first ``FeedViewModel/start()`` or show of it).
    var isOpen = false
    var model: FeedModel?
    var subscription: AnyCancellable?
  }

  private struct Core {
    /// Only ever appended to: a feed's index is its identity.
    var feeds: [Feed]
    var current = 0

    var state: FeedState {
      get { feeds[current].state }
      set { feeds[current].state = newValue }
    }
  }

  private let services: ReaderServices
  /// The page the first feed opens at (`timeline --page 3`); another feed (`t`, `w`, `a`) opens at 1.
  private let firstPage: Int
  private let subject: CurrentValueSubject<FeedState, Never>
  private let core: Mutex<Core>
  /// Every state of the feed shown from now on, starting with the current one; a slow subscriber
  /// skips to the newest.
  let states: Publishers.Share<SubjectValues<FeedState, Never>>

  /// How close to the end the cursor gets before the next page loads.
  static let loadAhead = 3

  init(services: ReaderServices, source: FeedSource, page: Int = 1) {
    self.services = services
    firstPage = page
    let state = FeedState(source: source)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(feeds: [Feed(state: state)]))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    for feed in core.withLock({ $0.feeds }) {
      feed.subscription?.cancel()
      feed.model?.cancel()
    }
  }

  /// The state of the feed shown now.
  var state: FeedState { core.withLock { $0.state } }

  /// Shows the cached page 1, then loads page 1 from the server.
  func start() {
    show(state.source, page: firstPage)
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
      core.withLock { $0.feeds[$0.current].model }?.refresh()
    case .cancel:
      core.withLock { $0.feeds[$0.current].model }?.cancelLoads()
    case .dismissAnnouncement:
      _ = update { $0.dismissedAnnouncement = $0.announcement }
    case .show(let source):
      show(source)
    case .replace(let post):
      core.withLock { core in
        for index in core.feeds.indices { core.feeds[index].state.replace(post) }
        subject.trySend(core.state)
      }
    }
  }

  /// Changes the shown feed's state under the lock and publishes it; answers its model and
  /// `body`'s result.
  private func update<T>(_ body: (inout FeedState) -> T) -> (FeedModel?, T) {
    core.withLock { core in
      let result = body(&core.state)
      subject.trySend(core.state)
      return (core.feeds[core.current].model, result)
    }
  }

  /// Shows the feed of `source`: where it was, when it was opened before; else its cached page 1,
  /// then the server's.
  private func show(_ source: FeedSource, page: Int = 1) {
    let unopened = core.withLock { core -> Int? in
      if let index = core.feeds.firstIndex(where: { $0.state.source == source }) {
        core.current = index
      } else {
        core.feeds.append(Feed(state: FeedState(source: source)))
        core.current = core.feeds.count - 1
      }
      subject.trySend(core.state)
      defer { core.feeds[core.current].isOpen = true }
      return core.feeds[core.current].isOpen ? nil : core.current
    }
    guard let index = unopened else { return }
    let model = services.loaders.feeds.model(
      source,
      options: FeedStateMachine.Options(
        imageBaseURL: services.imageBaseURL, loadsCitedImages: true, offline: services.offline))
    core.withLock { $0.feeds[index].model = model }
    let slots = PictureSlots()
    let subscription = model.snapshots.sink { [weak self] snapshot in
      let pictures = Self.newPictures(in: snapshot, slots: slots)
      self?.apply(index) { state in
        state.apply(snapshot)
        for (path, slot) in pictures { state.images[path] = slot }
        for post in state.posts {
          if let path = post.imagePath, state.images[path] == nil { state.images[path] = .loading }
        }
      }
    }
    core.withLock { $0.feeds[index].subscription = subscription }
    model.open(at: page)
  }

  /// The images of `snapshot` that arrived since the last one (posts', preview comments' and cited
  /// posts'), by path, each PNG decoded once.
  private static func newPictures(in snapshot: FeedSnapshot, slots: PictureSlots) -> [(String, ImageSlot)] {
    snapshot.pages.flatMap(\.posts).filter { !$0.images.isEmpty }.flatMap { item in
      slots.new(
        item.images, paths: PictureSlots.paths(of: [item.post], comments: item.comments, quotes: item.quotes.all))
    }
  }

  /// Applies `change` to the feed at `index`; publishes it when that feed is shown.
  private func apply(_ index: Int, _ change: (inout FeedState) -> Void) {
    core.withLock { core in
      change(&core.feeds[index].state)
      if core.current == index { subject.trySend(core.state) }
    }
  }
}
