import HollowCache
import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a backend command works with: the server, the cache folder and the library loaders over
/// both (one concurrency budget per host, one in-flight load per item). Whatever a command shows
/// about a load (its cache age, why it is offline) comes with the load's events, not from here.
struct Session: Sendable {
  let backend: Backend
  let local: LocalCache
  let loaders: TreeHoleLoaders
  /// `--offline`: the loaders serve only the cache.
  let offline: Bool
  /// The command path, for error hints.
  let commandName: String

  /// - Parameter connections: requests at once per host (`--connections`).
  init(
    backend: Backend, local: LocalCache, offline: Bool, commandName: String,
    connections: Int = HostLimiter.defaultLimitPerHost
  ) {
    self.backend = backend
    self.local = local
    self.offline = offline
    self.commandName = commandName
    loaders = TreeHoleLoaders(client: backend.client, cache: local.cache, limitPerHost: connections)
  }

  var client: TreeHoleClient { backend.client }

  /// The policy every load uses.
  var policy: CachePolicy { offline ? .cacheOnly : .cacheFirst }
}
