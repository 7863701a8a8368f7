import HollowKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a snapshot's loaded images into the slots a view draws, by image path, decoding each
/// PNG once however many snapshots carry it: what the feed and post screens share.
///
/// ```swift
/// let slots = PictureSlots()
/// for (path, slot) in slots.new(snapshot.images, paths: paths) { state.images[path] = slot }
/// ```
final class PictureSlots: Sendable {
  private let decoded = Mutex<Set<URL>>([])

  /// The slots of the `outcomes` not seen before, each by the path of `paths` its URL ends with
  /// (an outcome of no listed path is left out).
  func new(_ outcomes: [ImageOutcome], paths: [String]) -> [(String, ImageSlot)] {
    let located = outcomes.compactMap { outcome -> (String, ImageOutcome)? in
      paths.first { outcome.reference.url.path.hasSuffix("/" + $0) }.map { ($0, outcome) }
    }
    let wanted = decoded.withLock { decoded in located.filter { decoded.insert($0.1.reference.url).inserted } }
    return wanted.map { path, outcome in
      switch outcome.result {
      case .success(let image): (path, .loaded(image, PictureDecoding.bitmap(of: image)))
      case .failure(let error): (path, .failed(String(describing: error)))
      }
    }
  }

  /// The image paths of `posts`, their `comments` and the posts they cite (`quotes`).
  static func paths(of posts: [Post], comments: [Comment] = [], quotes: [Quote] = []) -> [String] {
    (posts.map(\.imagePath) + comments.map(\.imagePath) + quotes.map { $0.post?.imagePath }).compactMap { $0 }
      .filter { !$0.isEmpty }
  }
}
