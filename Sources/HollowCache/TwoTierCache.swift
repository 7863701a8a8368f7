#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A memory tier in front of a disk tier: reads try memory first, then disk (promoting what they find into
/// memory); writes go to disk, then memory.
///
/// Writes can also go behind: ``setInBackground(_:forKey:ttl:)`` puts the value in memory and returns, and
/// the disk write (with its two `fsync`s, milliseconds on a real disk) happens on its own task. Reads see the
/// value at once; ``flush()`` waits until every such write is durable. A loader uses it so a freshly
/// downloaded image reaches the screen before its disk write ends; a program calls `flush()` before exiting.
///
/// ```swift
/// let namespace = CacheNamespace(serverURL: server, token: token)
/// let cache = try TwoTierCache(directory: CacheDirectory.resolve(), namespace: namespace)
/// try await cache.set(value: thread, forKey: "thread/42", ttl: .seconds(300))
/// let cached = await cache.value(Thread.self, forKey: "thread/42")
/// ```
///
/// With a namespace, every key is prefixed by it (see ``CacheNamespace``), so caches of different accounts or
/// servers can share one folder without seeing each other's entries.
public final class TwoTierCache: Sendable {
  /// The memory tier, keyed by full (namespaced) key.
  public let memory: MemoryCache<String, Data>
  /// The disk tier.
  public let disk: DiskCache
  /// The prefix of every key, if any.
  public let namespace: CacheNamespace?

  private let pending = PendingWrites()
  private let now: @Sendable () -> Date

  /// Combines existing tiers.
  ///
  /// - Parameters:
  ///   - memory: the memory tier, keyed by full (namespaced) key.
  ///   - disk: the disk tier.
  ///   - namespace: the prefix of every key, if any.
  ///   - now: the clock for the memory expiry of background writes; use the tiers' clock.
  public init(
    memory: MemoryCache<String, Data>, disk: DiskCache, namespace: CacheNamespace? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.memory = memory
    self.disk = disk
    self.namespace = namespace
    self.now = now
  }

  /// Opens a disk tier in `directory` and puts a memory tier of at most `memoryCostLimit` bytes in front.
  public convenience init(
    directory: String, limits: DiskCache.Limits = .default, memoryCostLimit: Int = 32 << 20,
    memoryCountLimit: Int = 1_000, namespace: CacheNamespace? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(CacheError) {
    self.init(
      memory: MemoryCache(costLimit: memoryCostLimit, countLimit: memoryCountLimit, now: now),
      disk: try DiskCache(directory: directory, limits: limits, now: now), namespace: namespace, now: now)
  }

  /// The disk folder.
  public var path: String { disk.path }

  /// The counters of both tiers.
  public var statistics: TwoTierStatistics {
    get async { TwoTierStatistics(memory: memory.statistics, disk: await disk.statistics) }
  }

  /// The payload for `key` from memory, else from a background write under way, else from disk; nil if
  /// absent, expired or corrupt.
  public func data(forKey key: String) async -> Data? {
    let fullKey = namespaced(key)
    if let encoding = pending.encoding(forKey: fullKey), let data = await encoding.value { return data }
    if let data = memory.value(forKey: fullKey) { return data }
    if let data = pending.data(forKey: fullKey) { return data }
    guard let entry = await disk.entry(forKey: fullKey) else { return nil }
    memory.setValue(entry.data, forKey: fullKey, cost: entry.data.count, expires: entry.expires)
    return entry.data
  }

  /// When the entry for `key` was stored on disk, once any background write of it has landed; nil if it is
  /// absent, expired, or held in memory only (its disk write failed). The lookup is not counted in
  /// ``statistics``: it is bookkeeping, not a read of the value.
  ///
  /// ```swift
  /// if let stored = await cache.storedDate(forKey: "page/v1/list/1") { print("cached at \(stored)") }
  /// ```
  public func storedDate(forKey key: String) async -> Date? {
    let fullKey = namespaced(key)
    await pending.wait(forKey: fullKey)
    return await disk.entry(forKey: fullKey, counted: false)?.created
  }

  /// Stores `data` for `key` on disk, then in memory.
  ///
  /// - Parameters:
  ///   - data: the bytes to store.
  ///   - key: the entry's key, without the namespace.
  ///   - ttl: how long the entry lives; nil uses the disk tier's default time to live.
  /// - Throws: what ``DiskCache/set(_:forKey:ttl:)`` throws; memory is then left without the key.
  public func set(_ data: Data, forKey key: String, ttl: Duration? = nil) async throws(CacheError) {
    let fullKey = namespaced(key)
    // A background write of this key still under way must not land after this one.
    await pending.wait(forKey: fullKey)
    let expires: Date?
    do {
      expires = try await disk.set(data, forKey: fullKey, ttl: ttl)
    } catch {
      memory.removeValue(forKey: fullKey)
      throw error
    }
    memory.setValue(data, forKey: fullKey, cost: data.count, expires: expires)
  }

  /// Stores `data` for `key` in memory now and on disk in the background, then returns without waiting for
  /// the disk; ``flush()`` waits for it. Writes of one key land in the order they were made.
  ///
  /// ```swift
  /// try cache.setInBackground(imageBytes, forKey: "image/42")   // readable at once
  /// await cache.flush()                                         // durable from here on
  /// ```
  ///
  /// The disk write is best effort: if it fails (disk full, entry over the size cap), the entry lives on in
  /// memory only, and a later process misses it.
  ///
  /// - Throws: what ``DiskCache/set(_:forKey:ttl:)`` throws before writing (key too long, entry too large,
  ///   a time to live that is not positive); then nothing is stored.
  public func setInBackground(_ data: Data, forKey key: String, ttl: Duration? = nil) throws(CacheError) {
    let fullKey = namespaced(key)
    try disk.check(key: fullKey, size: data.count, ttl: ttl)
    let expires = memoryExpiry(ttl: ttl)
    memory.setValue(data, forKey: fullKey, cost: data.count, expires: expires)
    let disk = disk
    pending.start(key: fullKey, data: data) { _ = try? await disk.set(data, forKey: fullKey, ttl: ttl) }
  }

  /// Stores the bytes `encode` makes for `key`, encoding them in the background too: for a value whose
  /// caller must not wait for its encoding (a page about to be shown). Until the bytes exist, a read of
  /// `key` waits for them; then they are in memory at once and on disk behind, as with
  /// ``setInBackground(_:forKey:ttl:)``. Nothing is stored when `encode` answers nil or the disk tier
  /// refuses the bytes (key too long, entry too large, a time to live that is not positive).
  ///
  /// ```swift
  /// cache.setInBackground(encodedBy: { try? WireFormat.encode(page) }, forKey: "page/v1/list/1")
  /// let bytes = await cache.data(forKey: "page/v1/list/1")  // waits for the encoding if it is still running
  /// ```
  public func setInBackground(
    encodedBy encode: @escaping @Sendable () -> Data?, forKey key: String, ttl: Duration? = nil
  ) {
    let fullKey = namespaced(key)
    let expires = memoryExpiry(ttl: ttl)
    let (disk, memory) = (disk, memory)
    pending.start(key: fullKey, encode: encode) { data in
      guard (try? disk.check(key: fullKey, size: data.count, ttl: ttl)) != nil else { return }
      memory.setValue(data, forKey: fullKey, cost: data.count, expires: expires)
    } write: { data in
      _ = try? await disk.set(data, forKey: fullKey, ttl: ttl)
    }
  }

  /// Stores `value` encoded as JSON for `key`, in the background; see ``setInBackground(_:forKey:ttl:)``.
  public func setInBackground<Value: Encodable>(value: Value, forKey key: String, ttl: Duration? = nil)
    throws(CacheError)
  {
    try setInBackground(try Self.encode(value), forKey: key, ttl: ttl)
  }

  /// Returns once every background write started so far is on disk (or has failed).
  public func flush() async {
    await pending.flush()
  }

  /// Background writes not finished yet.
  public var pendingWriteCount: Int { pending.count }

  /// Removes the entry for `key` from both tiers, after any background write of it has landed (so the write
  /// cannot bring it back).
  public func removeValue(forKey key: String) async throws(CacheError) {
    let fullKey = namespaced(key)
    await pending.wait(forKey: fullKey)
    memory.removeValue(forKey: fullKey)
    try await disk.removeValue(forKey: fullKey)
  }

  /// Removes every entry from both tiers (on disk, every namespace's), once background writes have landed.
  public func removeAll() async throws(CacheError) {
    await pending.flush()
    memory.removeAll()
    try await disk.removeAll()
  }

  /// The keys (without the namespace) of the entries on disk in this namespace that start with `prefix` and
  /// have not expired, sorted; see ``DiskCache/keys(withPrefix:)``. Every entry is on disk: writes go there
  /// first, and background writes are waited for.
  ///
  /// ```swift
  /// let images = await cache.keys(withPrefix: "image/")
  /// ```
  public func keys(withPrefix prefix: String = "") async -> [String] {
    await pending.flush()
    let fullPrefix = namespaced(prefix)
    let dropped = fullPrefix.count - prefix.count
    return await disk.keys(withPrefix: fullPrefix).map { String($0.dropFirst(dropped)) }
  }

  /// Checks every entry on disk; see ``DiskCache/verify()``. The entries of `bookkeeping` (disk
  /// keys, as in ``DiskCache/statistics(excludingKeys:)``) are checked but not counted.
  ///
  /// ```swift
  /// let report = try await cache.verify()
  /// ```
  public func verify(excludingDiskKeys bookkeeping: Set<String> = []) async throws(CacheError)
    -> DiskCache.VerificationReport
  {
    await pending.flush()
    return try await disk.verify(excludingKeys: bookkeeping)
  }

  /// The value for `key` decoded from JSON; nil if absent, expired, corrupt or not decodable as `type`
  /// (an undecodable entry is deleted from both tiers and counted as corrupt).
  public func value<Value: Decodable>(_ type: Value.Type, forKey key: String) async -> Value? {
    guard let data = await data(forKey: key) else { return nil }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      let fullKey = namespaced(key)
      memory.discardCorrupt(forKey: fullKey)
      await disk.discardCorrupt(forKey: fullKey, data: data)
      return nil
    }
  }

  /// Stores `value` encoded as JSON for `key`.
  public func set<Value: Encodable>(value: Value, forKey key: String, ttl: Duration? = nil) async throws(CacheError) {
    try await set(try Self.encode(value), forKey: key, ttl: ttl)
  }

  private static func encode<Value: Encodable>(_ value: Value) throws(CacheError) -> Data {
    do {
      return try JSONEncoder().encode(value)
    } catch {
      throw .encodingFailed(String(describing: type(of: value)))
    }
  }

  /// When an entry set now with `ttl` expires: the same arithmetic the disk tier uses (saturating, in
  /// microseconds), so both tiers agree; nil when it never does.
  private func memoryExpiry(ttl: Duration?) -> Date? {
    (ttl ?? disk.limits.defaultTimeToLive).map { Timestamp(now()).adding($0).date }
  }

  private func namespaced(_ key: String) -> String {
    namespace.map { $0.key(key) } ?? key
  }
}
