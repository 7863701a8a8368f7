import HollowKit

/// Where the user is: the stack of screens (the feed at the bottom, posts and the search above
/// it), the overlay over them (the help, the last message), and how far each feed's list is scrolled. A plain value: the
/// app changes it on keys and on published states, the views read it.
///
/// ```swift
/// var navigation = ReaderNavigation<ContinuousClock>()
/// navigation.push(.post(PostScreen(model: model)))
/// navigation.pop()   // the post screen, now closed
/// navigation.top.kind  // .feed
/// ```
struct ReaderNavigation<C: Clock>: Sendable where C.Duration == Duration {
  private(set) var screens: [ReaderScreen<C>] = [.feed]
  /// The help (`?`) or the last message (`M`) covers the top screen; it scrolls, and any other key
  /// closes it (``ReaderOverlay``).
  var overlay: ReaderOverlay?

  var showsHelp: Bool { overlay?.content == .help }
  /// The `L` menu of a post's links covers the top screen while it is open.
  var linkMenu: LinkMenu?
  /// The first post each feed's list shows, by feed: switching back to a feed shows the same rows.
  private var feedTops: [(source: FeedSource, top: Int)] = []

  var top: ReaderScreen<C> { screens.last ?? .feed }

  /// Whether the top screen is a list of posts (feed or search), where Enter opens one.
  var isOnList: Bool { top.kind != .post }

  mutating func push(_ screen: ReaderScreen<C>) {
    screens.append(screen)
  }

  /// Closes the top screen, answering it; the feed is never closed.
  @discardableResult
  mutating func pop() -> ReaderScreen<C>? {
    guard screens.count > 1 else { return nil }
    return screens.removeLast()
  }

  /// Closes every screen above the feed (another feed is shown: `t`, `w`, `a`).
  mutating func popToFeed() {
    screens = [.feed]
  }

  func feedTop(of source: FeedSource) -> Int {
    feedTops.first { $0.source == source }?.top ?? 0
  }

  mutating func setFeedTop(_ top: Int, of source: FeedSource) {
    if let index = feedTops.firstIndex(where: { $0.source == source }) {
      feedTops[index].top = top
    } else {
      feedTops.append((source, top))
    }
  }

  /// Changes the top screen in place (its scroll, its state).
  mutating func updateTop(_ change: (inout ReaderScreen<C>) -> Void) {
    change(&screens[screens.count - 1])
  }

  /// Applies `change` to every open screen (an action's result reaches each screen it concerns).
  mutating func updateAll(_ change: (inout ReaderScreen<C>) -> Void) {
    for index in screens.indices { change(&screens[index]) }
  }

  /// The post screens open, bottom to top.
  var postScreens: [PostScreen] {
    screens.compactMap { screen in
      if case .post(let post) = screen { return post }
      return nil
    }
  }
}
