/// The states the feed, actions, compose and notifications models and the read state published
/// last: what the views draw (the
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
  /// The last message that was not nil, kept after the status line clears it: what `M` shows.
  var lastMessage: ReaderMessage?
  /// The prompt at the bottom, while one is open.
  var prompt: ComposeState?
  /// The lists' read marks.
  var reads = ReadState()
  /// The notifications screen's list, and the status line's unread count.
  var notifications = NotificationsState()

  /// Keeps a published state; answers whether `change` was one of these.
  @discardableResult
  mutating func apply<C>(_ change: ReaderChange<C>) -> Bool {
    switch change {
    case .feed(let state): feed = state
    case .message(let message):
      self.message = message
      if let message { lastMessage = message }
    case .prompt(let prompt): self.prompt = prompt
    case .reads(let reads): self.reads = reads
    case .notifications(let state): notifications = state
    default: return false
    }
    return true
  }
}
