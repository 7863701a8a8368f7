import HollowCache
import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cache folder a command uses, opened in the namespace of its server and token, with the
/// folder's lifetime counters (``CacheLedger``).
///
/// ```swift
/// let local = try LocalCache.open(options, environment: environment)
/// defer { Task { await local.close() } }  // adds this run's counters to the ledger
/// ```
struct LocalCache: Sendable {
  let cache: TwoTierCache
  let directory: String
  /// `--no-cache`: a throwaway folder, deleted by ``close()``.
  let isThrowaway: Bool

  /// The folder `--cache-dir`, `HOLLOW_CACHE_DIR`, `XDG_CACHE_HOME` or `HOME` name.
  static func directory(_ options: GlobalOptions, environment: [String: String]) throws(CLIFailure) -> String {
    do {
      return try CacheDirectory.resolve(override: options.cacheDirectory, environment: environment)
    } catch {
      throw .failed("\(error) (or pass --cache-dir DIR, or --no-cache)")
    }
  }

  /// Opens the folder in the namespace of the server and token `options` name.
  static func open(_ options: GlobalOptions, environment: [String: String])
    throws(CLIFailure) -> LocalCache
  {
    let directory: String
    if options.noCache {
      directory =
        FileManager.default.temporaryDirectory.appendingPathComponent("hollow-cli-\(UUID().uuidString)")
        .path
    } else {
      directory = try Self.directory(options, environment: environment)
    }
    do {
      let cache = try TwoTierCache(directory: directory, namespace: namespace(options))
      return LocalCache(cache: cache, directory: directory, isThrowaway: options.noCache)
    } catch {
      throw .failed("cannot open the cache: \(error)")
    }
  }

  /// This run's counters added to the folder's lifetime ones, and the entries and bytes of the user's
  /// data now (``userStatistics()``).
  func lifetimeStatistics() async -> (CacheLedger, CacheStatistics) {
    let current = await cache.statistics
    var ledger = await CacheLedger.load(from: cache.disk)
    ledger.add(current)
    return (ledger, await userStatistics())
  }

  /// The disk tier's counters with the entries and bytes of the user's data: the ledger, the CLI's own
  /// bookkeeping, is not counted (after `cache clear`, stats say 0 entries).
  func userStatistics() async -> CacheStatistics {
    await cache.disk.statistics(excludingKeys: [CacheLedger.key])
  }

  /// Records this run's counters in the ledger (best effort: a cache that cannot be written only
  /// loses them), or deletes the throwaway folder.
  /// The cache namespace of the server and token `options` name.
  static func namespace(_ options: GlobalOptions) -> CacheNamespace {
    TreeHoleLoaders.namespace(
      for: TreeHoleClient(configuration: Backend.configuration(options), http: UnreachableHTTPClient()))
  }

  /// Runs `body`, then closes the cache (recording this run) whether or not `body` failed.
  func closing(_ body: () async throws(CLIFailure) -> Void) async throws(CLIFailure) {
    let failure: CLIFailure?
    do {
      try await body()
      failure = nil
    } catch {
      failure = error
    }
    await close()
    if let failure { throw failure }
  }

  func close() async {
    // The loaders write behind; everything they stored lands before the run ends (or the folder goes).
    await cache.flush()
    if isThrowaway {
      try? FileManager.default.removeItem(atPath: directory)
      return
    }
    // Counters first: the ledger read below is bookkeeping, not a lookup.
    let (ledger, _) = await lifetimeStatistics()
    await ledger.save(to: cache.disk)
  }
}
