/// The states the feed, actions and compose models published last: what the views draw (the
/// screens above the feed carry their own, see ``ReaderScreen``). Never read from a model's lock:
/// each value arrives as a ``ReaderChange``.
///
/// ```swift
/// var shown = ReaderShown(feed: FeedState(source: .timeline))
/// shown.apply(.message(ReaderMessage("copied #42")))
/// ```
struct ReaderShown: Sendable {
  var feed: FeedState
  /// The status line's message.
  var message: ReaderMessage?
  /// The prompt at the bottom, while one is open.
  var prompt: ComposeState?

  /// Keeps a published state; answers whether `change` was one of these.
  @discardableResult
  mutating func apply<C>(_ change: ReaderChange<C>) -> Bool {
    switch change {
    case .feed(let state): feed = state
    case .message(let message): self.message = message
    case .prompt(let prompt): self.prompt = prompt
    default: return false
    }
    return true
  }
}
