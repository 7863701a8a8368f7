#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads posts for one client over one cache: what makes a ``PostModel`` (a running post), and how
/// its pieces are read: the cached post and comments (``PostStore``), the detail from the server
/// under the per-host budget (stored as it arrives; "no such post" is remembered), and its cited
/// posts and images through the same loaders as a feed's.
///
/// ```swift
/// let model = loaders.posts.model(42, options: .init(imageBaseURL: base))
/// model.open()
/// for await snapshot in model.snapshots where snapshot.isSettled { print(snapshot.post as Any); break }
/// ```
public final class PostLoader: Sendable {
  public let client: TreeHoleClient
  public let store: PostStore
  public let images: ImageLoader
  public let quotes: QuoteLoader
  public let limiter: HostLimiter

  public init(client: TreeHoleClient, store: PostStore, images: ImageLoader, quotes: QuoteLoader, limiter: HostLimiter)
  {
    self.client = client
    self.store = store
    self.images = images
    self.quotes = quotes
    self.limiter = limiter
  }

  /// A new running post `pid`; nothing is loaded until ``PostModel/open()``.
  public func model(_ pid: Int, options: PostStateMachine.Options = .init()) -> PostModel {
    PostModel(loader: self, machine: PostStateMachine(pid: pid, options: options))
  }

  /// The cached post, its comments (if a detail load stored them) and when the post was stored.
  func cached(_ pid: Int) async -> (post: Post?, comments: CachedComments?, cachedAt: Date?) {
    guard let post = await store.post(pid) else { return (nil, nil, nil) }
    return (post, await store.comments(pid), await store.cache.storedDate(forKey: CacheKeys.post(pid)))
  }

  /// How a detail fetch ended.
  enum DetailOutcome: Sendable {
    case loaded(PostDetailResult)
    case failed(HollowError)
    case cancelled
  }

  /// Asks the server for `pid`'s detail and stores what it says (a post without its comments never
  /// replaces cached comments: see ``PostStore``).
  func detail(_ pid: Int, knownUpdatedAt: Int?) async -> DetailOutcome {
    let request = client.request(PostDetailRequest.self, .init(pid: pid, knownUpdatedAt: knownUpdatedAt))
    let result: PostDetailResult?
    do {
      result = try await limiter.withPermit(for: client.configuration.apiRoot) { () async throws(HollowError) in
        try await request.perform()
      }
    } catch {
      if error.isCancellation { return .cancelled }
      if case .noSuchPost = error.kind { try? await store.markMissing(pid) }
      return .failed(error)
    }
    switch result {
    case nil:
      return .cancelled
    case .complete(let post, let comments)?:
      try? await store.store(post, comments: comments)
    case .notModified(let post)?, .postOnly(let post)?:
      try? await store.store(post)
    }
    return result.map(DetailOutcome.loaded) ?? .cancelled
  }
}
