#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image to load: its URL and the size the post or comment announced (`image_metadata`), which the
/// downloaded bytes must match.
///
/// ```swift
/// let references = ImageReference.all(in: post, comments: preview, imageBaseURL: configuration.imageBaseURL)
/// ```
public struct ImageReference: Sendable, Hashable {
  public var url: URL
  /// The announced size; nil checks only that the bytes are an image.
  public var expected: ImageMetadata?

  public init(url: URL, expected: ImageMetadata? = nil) {
    self.url = url
    self.expected = expected
  }

  /// The image of `post` then those of `comments`, in order, without repeats.
  public static func all(in post: Post, comments: [Comment] = [], imageBaseURL: URL) -> [ImageReference] {
    var seen: Set<URL> = []
    let attached =
      [(post.imagePath, post.imageMetadata)] + comments.map { ($0.imagePath, $0.imageMetadata) }
    return attached.compactMap { path, metadata in
      guard let path, !path.isEmpty else { return nil }
      let reference = ImageReference(url: imageBaseURL.appendingPathComponent(path), expected: metadata)
      return seen.insert(reference.url).inserted ? reference : nil
    }
  }

  /// The images of every post of `page` and its preview comments, without repeats.
  public static func all(in page: PostPage, imageBaseURL: URL) -> [ImageReference] {
    var seen: Set<URL> = []
    return page.posts.flatMap { post in
      all(in: post, comments: page.comments?[post.pid] ?? [], imageBaseURL: imageBaseURL)
        .filter { seen.insert($0.url).inserted }
    }
  }
}
