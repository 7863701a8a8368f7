/// What a ``PostPager`` is doing.
///
/// ```swift
/// if case .failed(let error) = snapshot.phase { showRetry(error.description) }
/// ```
public enum PagerPhase: Sendable, Equatable {
  /// Nothing running; more pages may follow.
  case idle
  /// Page 1 is loading; the old posts stay until it arrives.
  case refreshing
  /// The next page is loading.
  case loadingMore
  /// The last load failed; ``PostPager/refresh()`` or ``PostPager/loadMore()`` retries.
  case failed(HollowError)
  /// The last page has been loaded (it came back short, or it was the feed's last page).
  case exhausted

  /// Whether a page is loading.
  public var isLoading: Bool {
    self == .refreshing || self == .loadingMore
  }
}

/// A ``PostPager``'s state and everything it has loaded: posts of all pages in order, each pid once.
///
/// ```swift
/// for await snapshot in pager.snapshots {
///   render(snapshot.posts, spinner: snapshot.phase.isLoading)
/// }
/// ```
public struct PagerSnapshot: Sendable, Equatable {
  public var phase: PagerPhase
  /// The posts of every loaded page, in page order, without repeats.
  public var posts: [Post]
  /// The preview comments of the loaded posts, by pid.
  public var comments: [Int: [Comment]]
  /// The frontend configuration of page 1, if the feed has one.
  public var config: FrontendConfig?
  /// The number of the last page loaded; 0 before the first.
  public var loadedPages: Int

  public init(
    phase: PagerPhase = .idle, posts: [Post] = [], comments: [Int: [Comment]] = [:], config: FrontendConfig? = nil,
    loadedPages: Int = 0
  ) {
    self.phase = phase
    self.posts = posts
    self.comments = comments
    self.config = config
    self.loadedPages = loadedPages
  }
}
