/// A post of a feed with everything it shows: its preview comments, its images and the posts it
/// cites, as far as they have loaded.
///
/// ```swift
/// for item in snapshot.posts where item.isReady {
///   print("#\(item.post.pid) \(item.post.text)")
///   for image in item.images { print("  [image \(image.reference.url.lastPathComponent)]") }
///   for quote in item.quotes.post { print("  > #\(quote.pid) \(quote.post?.text ?? "unavailable")") }
/// }
/// ```
public struct FeedPost: Sendable, Equatable, Identifiable {
  /// The page number and the post's position in that page.
  public var page: Int
  public var index: Int
  public var post: Post
  /// The preview comments the page carried (at most three; `[]` when they were deleted).
  public var comments: [Comment]
  /// The post's image and its preview comments' images that have loaded (or failed), in order, then
  /// (``FeedStateMachine/Options/loadsCitedImages``) the images of the posts they cite.
  public var images: [ImageOutcome]
  /// The posts it and its preview comments cite that have loaded (or failed), each text's in
  /// citation order (``ResolvedQuotes/all``: every one once, in order of first citation).
  public var quotes: ResolvedQuotes
  /// Whether every image and cited post it needs has arrived: what print mode waits for.
  public var isReady: Bool

  public var id: Int { post.pid }

  public init(
    page: Int, index: Int, post: Post, comments: [Comment], images: [ImageOutcome] = [],
    quotes: ResolvedQuotes = .none, isReady: Bool = true
  ) {
    self.page = page
    self.index = index
    self.post = post
    self.comments = comments
    self.images = images
    self.quotes = quotes
    self.isReady = isReady
  }
}

/// One image of a ``FeedPost``: what was asked for and what came of it.
public struct ImageOutcome: Sendable, Equatable {
  public var reference: ImageReference
  public var result: Result<LoadedImage, ImageLoadError>

  public init(reference: ImageReference, result: Result<LoadedImage, ImageLoadError>) {
    self.reference = reference
    self.result = result
  }
}
