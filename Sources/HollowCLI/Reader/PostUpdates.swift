import HollowKit
import Synchronization

/// The post screens open now, so an action's result (a followed post, a sent comment) reaches
/// them from wherever the action finished.
final class PostUpdates: Sendable {
  private let models = Mutex<[PostViewModel]>([])

  func push(_ model: PostViewModel) {
    models.withLock { $0.append(model) }
  }

  func pop() {
    _ = models.withLock { $0.popLast() }
  }

  /// Shows `post` on every open screen of its pid.
  func replace(_ post: Post) {
    for model in models.withLock({ $0 }) where model.pid == post.pid { model.send(.replace(post)) }
  }

  /// Reloads the top post screen (after a comment was sent to it).
  func refresh() {
    models.withLock { $0.last }?.send(.refresh)
  }

  /// Searches the top post screen for `text` (empty: the last text again); answers what to say.
  func find(_ text: String) -> String? {
    models.withLock { $0.last }?.send(.find(text))
  }

  /// The post of an open screen of `pid`.
  func post(_ pid: Int) -> Post? {
    models.withLock { $0 }.last { $0.pid == pid }?.state.detail.post
  }
}
