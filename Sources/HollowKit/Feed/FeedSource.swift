/// One feed of the tree hole, with everything that differs between feeds: the request for a page,
/// the last page the server serves, the paging rule and the name its cached pages are stored under.
///
/// The real backend ends a paged list with an **empty** page (it drops deleted posts after paging,
/// so a page of 29 is not the last) or at the feed's maximum page; wander (`post/randomlist`)
/// answers a new batch of 0 to 15 random posts each time and never ends. ``FeedStateMachine``
/// applies these rules, in one place, for print mode and the reader alike.
///
/// ```swift
/// let page = try await FeedSource.followed.page(2, client: client)
/// FeedSource.search(SearchRequest.Parameters(keywords: "猫")).maximumPage  // 100
/// FeedSource.wander.paging  // .endless
/// ```
public enum FeedSource: Sendable, Equatable {
  /// `post/list`: the timeline, newest first, pinned posts on page 1.
  case timeline
  /// `post/attentions`: the posts the user follows.
  case followed
  /// `post/randomlist`: a new batch of random posts per request.
  case wander
  /// `search`; the parameters' `page` is ignored (the feed's paging sets it).
  case search(SearchRequest.Parameters)
  /// `search/attentions`: a search within the followed posts.
  case followedSearch(keywords: String)

  /// How a feed's pages follow one another.
  public enum Paging: Sendable, Equatable {
    /// Pages 1...maximum; an empty page or the maximum ends the feed.
    case numbered(maximumPage: Int)
    /// Batches with no end: each request answers new posts (0 of them is not the end).
    case endless
  }

  public var paging: Paging {
    switch self {
    case .timeline, .followed: .numbered(maximumPage: APILimits.maximumListPage)
    case .search, .followedSearch: .numbered(maximumPage: APILimits.maximumSearchPage)
    case .wander: .endless
    }
  }

  /// The last page the server serves, nil for an endless feed.
  public var maximumPage: Int? {
    if case .numbered(let maximum) = paging { maximum } else { nil }
  }

  /// Whether the server answers this feed only with a token (the followed posts and their search).
  public var needsToken: Bool {
    switch self {
    case .followed, .followedSearch: true
    case .timeline, .wander, .search: false
    }
  }

  /// The cache key segment of this feed's pages (``CacheKeys/page(feed:_:)``); stable across versions.
  public var cacheName: String {
    switch self {
    case .timeline: "list"
    case .followed: "attentions"
    case .wander: "wander"
    case .search(let parameters):
      "search/\(parameters.includeComments ? "comments" : "posts")/\(parameters.keywords)"
        + (parameters.before.map { "/before\($0)" } ?? "") + (parameters.after.map { "/after\($0)" } ?? "")
    case .followedSearch(let keywords): "search-attentions/\(keywords)"
    }
  }

  /// Whether this feed's requests count against the server's search limit (one per 2 s).
  public var isSearch: Bool {
    switch self {
    case .search, .followedSearch: true
    case .timeline, .followed, .wander: false
    }
  }

  /// Fetches page `number` (from 1; for wander, any number asks for a new batch).
  public func page(_ number: Int, client: TreeHoleClient) async throws(HollowError) -> PostPage {
    switch self {
    case .timeline:
      return try await client.perform(PostListRequest.self, .init(page: number))
    case .followed:
      return try await client.perform(AttentionListRequest.self, .init(page: number))
    case .wander:
      return try await client.perform(RandomListRequest.self, .init())
    case .search(var parameters):
      parameters.page = number
      return try await client.perform(SearchRequest.self, parameters)
    case .followedSearch(let keywords):
      return try await client.perform(AttentionSearchRequest.self, .init(keywords: keywords, page: number))
    }
  }
}
