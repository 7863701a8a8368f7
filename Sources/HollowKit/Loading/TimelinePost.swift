/// A post of the timeline with everything it shows: preview comments, images and cited posts.
///
/// ```swift
/// if case .post(let item) = event {
///   print("#\(item.post.pid) \(item.post.text)")
///   for image in item.images { print("  [image \(image.reference.url.lastPathComponent)]") }
///   for quote in item.quotes.post { print("  > #\(quote.pid) \(quote.post?.text ?? "unavailable")") }
/// }
/// ```
public struct TimelinePost: Sendable, Equatable {
  /// The page number and the post's position in that page.
  public var page: Int
  public var index: Int
  public var post: Post
  /// The preview comments the page carried (at most three).
  public var comments: [Comment]
  /// The post's image and its preview comments' images, in order.
  public var images: [ImageOutcome]
  /// The posts it and its preview comments cite, each text's in citation order
  /// (``ResolvedQuotes/all``: every one once, in order of first citation).
  public var quotes: ResolvedQuotes

  public init(
    page: Int, index: Int, post: Post, comments: [Comment], images: [ImageOutcome], quotes: ResolvedQuotes
  ) {
    self.page = page
    self.index = index
    self.post = post
    self.comments = comments
    self.images = images
    self.quotes = quotes
  }
}

/// One image of a ``TimelinePost``: what was asked for and what came of it.
public struct ImageOutcome: Sendable, Equatable {
  public var reference: ImageReference
  public var result: Result<LoadedImage, ImageLoadError>

  public init(reference: ImageReference, result: Result<LoadedImage, ImageLoadError>) {
    self.reference = reference
    self.result = result
  }
}
