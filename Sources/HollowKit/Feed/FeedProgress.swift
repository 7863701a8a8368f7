/// Counts of a feed's load so far, over all its pages: posts ready, images and cited posts arrived.
///
/// ```swift
/// let p = snapshot.progress
/// print("\r\(p.postsDone)/\(p.postsTotal) posts", terminator: "")
/// ```
public struct FeedProgress: Sendable, Equatable, CustomStringConvertible {
  public var postsDone = 0
  public var postsTotal = 0
  public var imagesDone = 0
  public var imagesTotal = 0
  public var quotesDone = 0
  public var quotesTotal = 0

  public init(
    postsDone: Int = 0, postsTotal: Int = 0, imagesDone: Int = 0, imagesTotal: Int = 0, quotesDone: Int = 0,
    quotesTotal: Int = 0
  ) {
    self.postsDone = postsDone
    self.postsTotal = postsTotal
    self.imagesDone = imagesDone
    self.imagesTotal = imagesTotal
    self.quotesDone = quotesDone
    self.quotesTotal = quotesTotal
  }

  public var description: String {
    "posts \(postsDone)/\(postsTotal), images \(imagesDone)/\(imagesTotal), quotes \(quotesDone)/\(quotesTotal)"
  }
}
