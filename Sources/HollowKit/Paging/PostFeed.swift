/// A paged list of posts: the timeline, the followed posts, or a search in either.
///
/// ```swift
/// let pager = PostPager(feed: .search(keywords: "猫"), client: client)
/// let page = try await PostFeed.timeline.page(2, client: client)
/// ```
public enum PostFeed: Sendable, Equatable {
  /// `post/list`.
  case timeline
  /// `post/attentions`.
  case followed
  /// `search`.
  case search(keywords: String, includeComments: Bool = true, before: Int? = nil, after: Int? = nil)
  /// `search/attentions`.
  case followedSearch(keywords: String)

  /// The last page the server serves for this feed.
  public var maximumPage: Int {
    switch self {
    case .timeline, .followed: APILimits.maximumListPage
    case .search, .followedSearch: APILimits.maximumSearchPage
    }
  }

  /// Fetches page `number` (from 1).
  public func page(_ number: Int, client: TreeHoleClient) async throws(HollowError) -> PostPage {
    switch self {
    case .timeline:
      try await client.perform(PostListRequest.self, .init(page: number))
    case .followed:
      try await client.perform(AttentionListRequest.self, .init(page: number))
    case .search(let keywords, let includeComments, let before, let after):
      try await client.perform(
        SearchRequest.self,
        .init(keywords: keywords, page: number, includeComments: includeComments, before: before, after: after))
    case .followedSearch(let keywords):
      try await client.perform(AttentionSearchRequest.self, .init(keywords: keywords, page: number))
    }
  }
}
