import HollowKit
import Signal
import Synchronization

/// Loads what posts show besides themselves, for any screen: the posts they cite (through the
/// quote loader's fan-in, each pid once) and their images (through the image loader's fan-in,
/// each path once, PNGs decoded for pictures). Results arrive through the callbacks as each
/// completes; cancelling (or releasing) the parts stops every load.
///
/// ```swift
/// let parts = PostParts(services: services, onQuote: { quote in ... }, onImage: { path, slot in ... })
/// parts.load(posts: page.posts)
/// ```
final class PostParts: Sendable {
  typealias QuoteHandler = @Sendable (Quote) -> Void
  typealias ImageHandler = @Sendable (String, ImageSlot) -> Void

  private struct Requested {
    var pids: Set<Int> = []
    var paths: Set<String> = []
    var subscriptions: [AnyCancellable] = []
    /// Set by ``cancel()``: a cited post arriving after it starts no image load.
    var isCancelled = false
  }

  private let services: ReaderServices
  private let onQuote: QuoteHandler
  private let onImage: ImageHandler
  private let requested = Mutex(Requested())

  init(services: ReaderServices, onQuote: @escaping QuoteHandler, onImage: @escaping ImageHandler) {
    self.services = services
    self.onQuote = onQuote
    self.onImage = onImage
  }

  deinit {
    cancel()
  }

  /// Starts loading the cited posts and images of `posts` (and `comments`) not asked for yet; a
  /// cited post's image is loaded once the cited post has arrived.
  func load(posts: [Post], comments: [Comment] = []) {
    let cited = posts.flatMap { QuoteLoader.citedPids(in: $0, comments: comments) }
    let newPids = requested.withLock { requested in cited.filter { requested.pids.insert($0).inserted } }
    if !newPids.isEmpty {
      let onQuote = onQuote
      let subscription = services.loaders.quotes.publisher(for: newPids, policy: services.policy).sink {
        [weak self] _, output in
        guard let quote = output.value else { return }
        onQuote(quote)
        if let post = quote.post { self?.loadImages(of: [post], comments: []) }
      }
      keep(subscription)
    }
    loadImages(of: posts, comments: comments)
  }

  /// Starts loading the images of `posts` and `comments` not asked for yet.
  private func loadImages(of posts: [Post], comments: [Comment]) {
    let images =
      posts.compactMap { post in post.imagePath.map { ($0, post.imageMetadata) } }
      + comments.compactMap { comment in comment.imagePath.map { ($0, comment.imageMetadata) } }
    let newImages = requested.withLock { requested in
      requested.isCancelled ? [] : images.filter { !$0.0.isEmpty && requested.paths.insert($0.0).inserted }
    }
    guard !newImages.isEmpty else { return }
    let located = newImages.compactMap { path, metadata in
      services.imageURL(path).map { (path, ImageReference(url: $0, expected: metadata)) }
    }
    guard !located.isEmpty else { return }
    let references = located.map(\.1)
    let paths = located.map(\.0)
    for path in paths { onImage(path, .loading) }
    let onImage = onImage
    let subscription = services.loaders.images.publisher(for: references, policy: services.policy).sink {
      index, output in
      switch output {
      case .success(let image): onImage(paths[index], .loaded(image, PictureDecoding.bitmap(of: image)))
      case .failure(let error): onImage(paths[index], .failed(String(describing: error)))
      }
    }
    keep(subscription)
  }

  /// Holds `subscription` until ``cancel()``; cancels it at once if that has already happened.
  private func keep(_ subscription: AnyCancellable) {
    let kept = requested.withLock { requested in
      if !requested.isCancelled { requested.subscriptions.append(subscription) }
      return !requested.isCancelled
    }
    if !kept { subscription.cancel() }
  }

  /// Stops every load.
  func cancel() {
    let subscriptions = requested.withLock { requested in
      requested.isCancelled = true
      defer { requested.subscriptions = [] }
      return requested.subscriptions
    }
    for subscription in subscriptions { subscription.cancel() }
  }
}
