/// A numbered feed of pages for the ``TimelineLoader``: how to fetch page N, and the name its
/// cached pages are stored under.
///
/// ```swift
/// loaders.timeline.timeline(feed: .attentions, pages: [1])
/// let hot = TimelineFeed(name: "search-cats") { client, page in
///   try await client.perform(SearchRequest.self, .init(keywords: "猫", page: page))
/// }
/// ```
public struct TimelineFeed: Sendable {
  /// The cache key segment of this feed's pages (``CacheKeys/page(feed:_:)``); keep it stable.
  public var name: String
  public var fetch: @Sendable (TreeHoleClient, Int) async throws(HollowError) -> PostPage

  public init(name: String, fetch: @escaping @Sendable (TreeHoleClient, Int) async throws(HollowError) -> PostPage) {
    self.name = name
    self.fetch = fetch
  }

  /// The timeline (`post/list`).
  public static let list = TimelineFeed(name: "list") { client, page throws(HollowError) in
    try await client.perform(PostListRequest.self, .init(page: page))
  }

  /// The posts the user follows (`post/attentions`).
  public static let attentions = TimelineFeed(name: "attentions") { client, page throws(HollowError) in
    try await client.perform(AttentionListRequest.self, .init(page: page))
  }
}
