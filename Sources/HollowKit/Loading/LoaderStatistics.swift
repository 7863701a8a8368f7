import Synchronization

/// What a loader did since it was created: cache hits, requests sent, callers that joined a request
/// already in flight, and failures.
///
/// ```swift
/// let stats = loaders.images.statistics
/// print("\(stats.requests) downloads, \(stats.cacheHits) from cache, \(stats.coalesced) coalesced")
/// ```
public struct LoaderStatistics: Sendable, Equatable, CustomStringConvertible {
  /// Loads answered by the cache.
  public var cacheHits = 0
  /// Requests sent to the server.
  public var requests = 0
  /// Callers that joined a load already in flight instead of starting one.
  public var coalesced = 0
  /// Loads that ended in an error (cancellations excluded).
  public var failures = 0

  public init(cacheHits: Int = 0, requests: Int = 0, coalesced: Int = 0, failures: Int = 0) {
    self.cacheHits = cacheHits
    self.requests = requests
    self.coalesced = coalesced
    self.failures = failures
  }

  public var description: String {
    "\(requests) requests, \(cacheHits) cache hits, \(coalesced) coalesced, \(failures) failures"
  }
}

/// The counters behind a loader's ``LoaderStatistics``; lock-free, so hot paths can count.
final class LoaderCounters: Sendable {
  private let cacheHits = Atomic<Int>(0)
  private let requests = Atomic<Int>(0)
  private let failures = Atomic<Int>(0)

  func countCacheHit() { cacheHits.wrappingAdd(1, ordering: .relaxed) }
  func countRequest() { requests.wrappingAdd(1, ordering: .relaxed) }
  func countFailure() { failures.wrappingAdd(1, ordering: .relaxed) }

  func snapshot(coalesced: Int) -> LoaderStatistics {
    LoaderStatistics(
      cacheHits: cacheHits.load(ordering: .relaxed), requests: requests.load(ordering: .relaxed), coalesced: coalesced,
      failures: failures.load(ordering: .relaxed))
  }
}
