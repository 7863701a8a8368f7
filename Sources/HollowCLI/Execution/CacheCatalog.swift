import HollowCache
import HollowKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys (``HollowKit/CacheKeys``) the CLI stored in one namespace: what `export` backs up.
///
/// The cache has no way to list its keys (entry files are named by a hash), so every run records
/// the pages, posts, comments and images it loaded, and ``merge(_:into:)`` adds them to this
/// namespace's catalog when it ends. A key whose entry was evicted since is skipped by `export`.
struct CacheCatalog: Codable, Sendable, Equatable {
  var keys: Set<String> = []

  /// The catalog's own key, inside the namespace.
  static let key = "hollow-cli/v1/catalog"

  static func load(from cache: TwoTierCache) async -> CacheCatalog {
    await cache.value(CacheCatalog.self, forKey: key) ?? CacheCatalog()
  }

  /// Adds `keys` to `cache`'s catalog; best effort.
  static func merge(_ keys: Set<String>, into cache: TwoTierCache) async {
    guard !keys.isEmpty else { return }
    var catalog = await load(from: cache)
    guard !keys.isSubset(of: catalog.keys) else { return }
    catalog.keys.formUnion(keys)
    try? await cache.set(value: catalog, forKey: key)
  }
}

/// Collects the keys one run stored, from whichever task loaded them.
final class CatalogRecorder: Sendable {
  private let recorded = Mutex<Set<String>>([])

  var keys: Set<String> { recorded.withLock { $0 } }

  func record(_ keys: some Sequence<String>) {
    recorded.withLock { $0.formUnion(keys) }
  }

  /// The keys of a timeline post's loaded parts: its cited posts (or "no such post" markers) and images.
  func record(_ item: TimelinePost) {
    record(item.images.compactMap { $0.result.value.map { CacheKeys.image($0.url) } })
    record(item.quotes.compactMap(Self.key(of:)))
  }

  static func key(of quote: Quote) -> String? {
    switch quote {
    case .post(let post, _): CacheKeys.post(post.pid)
    case .missing(let pid): CacheKeys.missingPost(pid)
    case .notCached, .failed: nil
    }
  }
}

extension Result {
  /// The success value, if any.
  var value: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}
