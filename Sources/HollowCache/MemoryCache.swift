import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A thread-safe in-memory LRU cache with a total cost limit and a count limit.
///
/// Every operation is O(1) and holds a `Mutex` only for the few steps it needs, so it suits hot paths.
/// When a store passes either limit, least recently used entries are evicted until both hold again.
///
/// ```swift
/// let thumbnails = MemoryCache<String, Data>(costLimit: 8 << 20, countLimit: 500)
/// thumbnails.setValue(png, forKey: "post/42", cost: png.count)
/// thumbnails.value(forKey: "post/42")  // png, now the most recently used
/// ```
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Stored {
    var value: Value
    var expires: Date?
  }

  private struct State {
    var entries = LRUList<Key, Stored>()
    var counters = CacheStatistics()
  }

  /// The total cost above which entries are evicted.
  public let costLimit: Int
  /// The number of entries above which entries are evicted.
  public let countLimit: Int

  private let state = Mutex(State())
  private let now: @Sendable () -> Date

  /// An empty cache. Limits below zero count as zero.
  ///
  /// - Parameters:
  ///   - costLimit: the total cost above which entries are evicted.
  ///   - countLimit: the number of entries above which entries are evicted.
  ///   - now: the clock deciding expiry; tests inject their own.
  public init(
    costLimit: Int = .max, countLimit: Int = .max, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.costLimit = max(0, costLimit)
    self.countLimit = max(0, countLimit)
    self.now = now
  }

  /// The value for `key`, which becomes the most recently used; nil if absent or expired (then removed).
  public func value(forKey key: Key) -> Value? {
    let now = self.now()
    return state.withLock { state in
      guard let stored = state.entries.value(forKey: key) else {
        state.counters.misses += 1
        return nil
      }
      if let expires = stored.expires, expires <= now {
        state.entries.removeValue(forKey: key)
        state.counters.expiredRemoved += 1
        state.counters.misses += 1
        return nil
      }
      state.counters.hits += 1
      return stored.value
    }
  }

  /// Stores `value` for `key` as the most recently used entry, then evicts down to the limits.
  ///
  /// - Parameters:
  ///   - value: the value to store.
  ///   - key: the entry's key.
  ///   - cost: what the entry counts against ``costLimit`` (for data, its byte count).
  ///   - expires: when the entry stops being returned; nil for never.
  /// - Returns: false, storing nothing (and dropping any previous value for `key`), when `cost` alone
  ///   exceeds ``costLimit``.
  @discardableResult
  public func setValue(_ value: Value, forKey key: Key, cost: Int = 1, expires: Date? = nil) -> Bool {
    let cost = max(0, cost)
    return state.withLock { state in
      guard cost <= costLimit, countLimit > 0 else {
        state.entries.removeValue(forKey: key)
        return false
      }
      state.entries.set(Stored(value: value, expires: expires), forKey: key, cost: cost)
      while state.entries.totalCost > costLimit || state.entries.count > countLimit {
        guard state.entries.removeOldest() != nil else { break }
        state.counters.evictions += 1
      }
      return true
    }
  }

  /// Removes and returns the value for `key`.
  @discardableResult
  public func removeValue(forKey key: Key) -> Value? {
    state.withLock { $0.entries.removeValue(forKey: key)?.value }
  }

  /// Removes and counts as corrupt the value for `key`, for a caller that found it unusable.
  func discardCorrupt(forKey key: Key) {
    state.withLock { state in
      if state.entries.removeValue(forKey: key) != nil { state.counters.corruptDropped += 1 }
    }
  }

  /// Removes every entry; the counters are kept.
  public func removeAll() {
    state.withLock { $0.entries.removeAll() }
  }

  /// The counters, with the current total cost as ``CacheStatistics/bytes``.
  public var statistics: CacheStatistics {
    state.withLock { state in
      var statistics = state.counters
      statistics.bytes = state.entries.totalCost
      statistics.entryCount = state.entries.count
      return statistics
    }
  }

  /// Every key, most recently used first.
  public var keysByRecency: [Key] {
    state.withLock { $0.entries.keysFromNewest }
  }
}
