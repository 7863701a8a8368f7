/// Counters of one cache tier since it was created or opened.
///
/// ```swift
/// let stats = await disk.statistics
/// print("\(stats.hits) hits, \(stats.entryCount) entries, \(stats.bytes) bytes on disk")
/// ```
public struct CacheStatistics: Sendable, Equatable, CustomStringConvertible {
  /// Lookups that returned a value.
  public var hits = 0
  /// Lookups that returned nothing (absent, expired or corrupt).
  public var misses = 0
  /// Entries removed to respect the size or count limit.
  public var evictions = 0
  /// Entries removed because their time to live had passed.
  public var expiredRemoved = 0
  /// Entries that failed a check (or could not be decoded) and were deleted instead of returned.
  public var corruptDropped = 0
  /// Bytes held: file sizes on disk for the disk tier, the sum of costs for the memory tier.
  public var bytes = 0
  /// Entries held.
  public var entryCount = 0

  /// All counters at zero.
  public init() {}

  public var description: String {
    "hits \(hits), misses \(misses), evictions \(evictions), expired \(expiredRemoved), "
      + "corrupt dropped \(corruptDropped), \(entryCount) entries, \(bytes) bytes"
  }
}

/// The counters of both tiers of a ``TwoTierCache``.
public struct TwoTierStatistics: Sendable, Equatable {
  /// The memory tier's counters.
  public var memory: CacheStatistics
  /// The disk tier's counters.
  public var disk: CacheStatistics
}
