/// A page of a feed as the timeline loader got it.
///
/// ```swift
/// if case .page(let page) = event, page.origin == .cache { print("page \(page.number) from the cache") }
/// ```
public struct TimelinePage: Sendable, Equatable {
  /// The page number (1-based).
  public var number: Int
  public var origin: LoadOrigin
  /// The posts, preview comments and (page 1) the frontend configuration.
  public var content: PostPage

  public init(number: Int, origin: LoadOrigin, content: PostPage) {
    self.number = number
    self.origin = origin
    self.content = content
  }

  public var posts: [Post] { content.posts }
}
