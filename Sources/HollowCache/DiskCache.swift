#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A persistent cache of byte payloads: one file per entry in a folder, with an in-memory index.
///
/// ```swift
/// let cache = try DiskCache(directory: CacheDirectory.resolve(), limits: .init(maxBytes: 64 << 20))
/// try await cache.set(Data("hello".utf8), forKey: "greeting", ttl: .seconds(3600))
/// let data = await cache.data(forKey: "greeting")  // "hello", until the hour is up
/// ```
///
/// **Files.** Each entry is a file named by the SHA-256 (hex) of its full key, holding a header (magic,
/// version, timestamps, payload length and CRC-32, the full key, a header CRC-32) and then the payload; see
/// `EntryHeader` for the byte layout. A file that fails any check (empty, truncated, wrong magic or version,
/// wrong checksum, a key that is not the one asked for, trailing bytes) is deleted and reported as a miss,
/// and counted in ``CacheStatistics/corruptDropped``; so is anything under an entry's name that is not a
/// regular file of ours (a symbolic link, a FIFO, a folder, a hard link), which is never followed, never
/// waited on, and removed (see ``EntryDefect/notRegularFile``). The folder itself must belong to this user and
/// not be a symbolic link (``CacheError/unsafeDirectory(path:reason:)``); what opening it removed is kept in
/// ``openingReport``. Writes go to a temporary file in the same folder, which
/// is synced and renamed into place, so a crash leaves either the old entry, the new one, or a leftover
/// temporary file that the next open deletes.
///
/// **Index.** The actor keeps, per entry, its file size, last access, expiry and payload checksum, in least
/// recently used order, so lookups and evictions never scan the folder. Last access is persisted in each
/// entry's header, never in file timestamps: a hit rewrites it in place when the recorded value is more than
/// a minute old, so the order a reopened cache rebuilds (by reading every entry's header once) is exact to
/// the minute, while this process's own order is exact.
///
/// **Limits.** On each write, if the files exceed ``Limits/maxBytes`` (the high watermark), least recently
/// used entries are evicted until they fit under ``Limits/lowWatermarkBytes``, and until at most
/// ``Limits/maxCount`` entries remain. An expired entry is a miss and is deleted when looked up.
///
/// **Several processes.** Every mutation takes an exclusive `flock` on the folder's `.lock` file, and an entry
/// is only ever replaced by an atomic rename, so concurrent writers never corrupt the folder. Each process's
/// index can be stale with respect to the others' writes, so a lookup always opens the entry file by its
/// hashed name (it does not trust the index to say it is absent) and verifies what it reads; before deleting a
/// file it judged bad or expired, it re-reads it under the lock, in case another process just replaced it.
/// Size accounting is per process: entries written by another process join this index when this process
/// reads them or reopens the folder. The lock is held only around short synchronous file operations, never
/// across a suspension.
public actor DiskCache {
  /// The size, count and age limits of a ``DiskCache``.
  ///
  /// ```swift
  /// // Evict down to 48 MiB whenever 64 MiB is passed; entries live a day unless set otherwise.
  /// let limits = DiskCache.Limits(maxBytes: 64 << 20, lowWatermarkBytes: 48 << 20, defaultTimeToLive: .seconds(86_400))
  /// ```
  public struct Limits: Sendable, Equatable {
    /// The high watermark: total bytes of entry files (headers included) above which a write evicts.
    public var maxBytes: Int
    /// The low watermark: eviction stops once the total is at or below this.
    public var lowWatermarkBytes: Int
    /// The most entries kept; a write that exceeds it evicts the least recently used.
    public var maxCount: Int
    /// The largest payload accepted; larger ones are rejected with ``CacheError/entryTooLarge(size:limit:)``.
    public var maxEntryBytes: Int
    /// The time to live of entries set without one; nil keeps them until evicted.
    public var defaultTimeToLive: Duration?

    /// Limits; the low watermark defaults to three quarters of `maxBytes`, the entry cap to `maxBytes`.
    public init(
      maxBytes: Int = 256 << 20, lowWatermarkBytes: Int? = nil, maxCount: Int = 100_000, maxEntryBytes: Int? = nil,
      defaultTimeToLive: Duration? = nil
    ) {
      self.maxBytes = maxBytes
      self.lowWatermarkBytes = lowWatermarkBytes ?? maxBytes / 4 * 3
      self.maxCount = maxCount
      self.maxEntryBytes = maxEntryBytes ?? maxBytes
      self.defaultTimeToLive = defaultTimeToLive
    }

    /// 256 MiB, evicting down to 192 MiB, at most 100,000 entries, no expiry.
    public static let `default` = Limits()

    func validate() throws(CacheError) {
      guard maxBytes > 0 else { throw .invalidLimits("maxBytes must be positive") }
      guard (0...maxBytes).contains(lowWatermarkBytes) else {
        throw .invalidLimits("lowWatermarkBytes must be between 0 and maxBytes")
      }
      guard maxCount > 0 else { throw .invalidLimits("maxCount must be positive") }
      guard maxEntryBytes >= 0 else { throw .invalidLimits("maxEntryBytes must not be negative") }
      if let defaultTimeToLive, defaultTimeToLive <= .zero { throw .invalidTimeToLive }
    }
  }

  /// A cached payload with its timestamps.
  public struct Entry: Sendable, Equatable {
    /// The payload.
    public var data: Data
    /// When the entry was written.
    public var created: Date
    /// When the entry expires; nil if never.
    public var expires: Date?
  }

  /// What ``DiskCache/verify()`` found.
  public struct VerificationReport: Sendable, Equatable {
    /// Entry files examined.
    public var checked = 0
    /// Entry files that passed every check and were kept.
    public var valid = 0
    /// Entry files deleted, by defect.
    public var dropped: [EntryDefect: Int] = [:]
    /// Entry files deleted because they had expired.
    public var expiredRemoved = 0
    /// Leftover temporary files deleted.
    public var temporariesRemoved = 0
    /// Why the folder's lock file was removed and made again when the cache opened (a symbolic link, a
    /// FIFO, a folder...); only ever set in ``DiskCache/openingReport``.
    public var replacedLockFile: EntryDefect?

    /// Entry files deleted for any defect.
    public var droppedCount: Int { dropped.values.reduce(0, +) }

    /// This report (of ``DiskCache/verify()``) with what opening the cache had already removed before it
    /// (`opening`, the ``DiskCache/openingReport``): every file looked at once, every removal counted once.
    ///
    /// ```swift
    /// let report = try await disk.verify().adding(opening: disk.openingReport)
    /// ```
    public func adding(opening: VerificationReport) -> VerificationReport {
      var total = self
      total.checked += opening.droppedCount + opening.expiredRemoved
      total.dropped.merge(opening.dropped, uniquingKeysWith: +)
      total.expiredRemoved += opening.expiredRemoved
      total.temporariesRemoved += opening.temporariesRemoved
      total.replacedLockFile = replacedLockFile ?? opening.replacedLockFile
      return total
    }
  }

  private struct IndexRecord {
    /// The entry's full key, as its header stores it.
    var key: String
    var lastAccess: Timestamp
    var expires: Timestamp
    var payloadCRC: UInt32

    /// `key` is the header's key as a string, when the caller already has it (a lookup does: it looked up
    /// that key), which spares decoding it again on every hit.
    init(_ header: EntryHeader, key: String? = nil, lastAccess: Timestamp) {
      self.key = key ?? String(decoding: header.key, as: UTF8.self)
      self.lastAccess = lastAccess
      self.expires = header.expires
      self.payloadCRC = header.payloadCRC
    }
  }

  /// The folder holding the entry files.
  public nonisolated let path: String
  /// The limits this cache enforces.
  public nonisolated let limits: Limits
  /// What opening the folder found and removed: leftover temporary files, entries that failed a check (or
  /// were not regular files of ours), expired entries, and a lock file that could not be trusted. A later
  /// ``verify()`` reports only what is left, so reports that describe the folder add this one (see
  /// ``VerificationReport/adding(opening:)``).
  public nonisolated let openingReport: VerificationReport

  private let folder: EntryFolder
  private let now: @Sendable () -> Date
  /// Entry file name to record, costed by file size.
  private var index: LRUList<String, IndexRecord>
  private var counters: CacheStatistics

  /// Opens (creating if needed) the cache in `directory`: deletes leftover temporary files, rebuilds the
  /// index from the entry headers (dropping bad and expired entries) and evicts down to `limits`.
  ///
  /// - Parameters:
  ///   - directory: the cache's folder; created with its parents if missing.
  ///   - limits: the size, count and time-to-live limits to enforce.
  ///   - now: the clock for expiry and last access; tests inject their own.
  /// - Throws: ``CacheError/directoryUnavailable(path:code:)`` when the folder cannot be created or written,
  ///   ``CacheError/invalidLimits(_:)`` for contradictory limits.
  public init(
    directory: String, limits: Limits = .default, now: @escaping @Sendable () -> Date = { Date() }
  ) throws(CacheError) {
    try self.init(directory: directory, limits: limits, owner: geteuid(), now: now)
  }

  /// Opens the cache as if this process ran as the user `owner`: tests of the ownership checks use it.
  init(
    directory: String, limits: Limits = .default, owner: uid_t, now: @escaping @Sendable () -> Date = { Date() }
  ) throws(CacheError) {
    try limits.validate()
    let folder = try EntryFolder(path: directory, owner: owner)
    var scan = try folder.withLock { () throws(CacheError) in
      try Self.scan(folder, now: Timestamp(now()), checkPayloads: false)
    }
    scan.report.replacedLockFile = folder.replacedLockFile
    var index = scan.index
    var counters = CacheStatistics()
    counters.corruptDropped = scan.report.droppedCount
    counters.expiredRemoved = scan.report.expiredRemoved
    if index.totalCost > limits.maxBytes || index.count > limits.maxCount {
      try folder.withLock { () throws(CacheError) in
        Self.evict(&index, counters: &counters, folder: folder, limits: limits, protecting: nil)
      }
    }
    self.path = directory
    self.limits = limits
    self.openingReport = scan.report
    self.folder = folder
    self.now = now
    self.index = index
    self.counters = counters
  }

  /// The counters, with the bytes and entries this process's index knows of.
  public var statistics: CacheStatistics {
    var statistics = counters
    statistics.bytes = index.totalCost
    statistics.entryCount = index.count
    return statistics
  }

  /// The counters, with the bytes and entries of the index except those of `keys`: for a program that keeps
  /// bookkeeping of its own in the cache (a ledger of its counters) and reports the user's data without it.
  ///
  /// ```swift
  /// let stats = await disk.statistics(excludingKeys: ["my-app/ledger"])
  /// ```
  public func statistics(excludingKeys keys: Set<String>) -> CacheStatistics {
    var statistics = self.statistics
    for key in keys {
      guard let cost = index.peekWithCost(SHA256.hex(Array(key.utf8)))?.cost else { continue }
      statistics.bytes -= cost
      statistics.entryCount -= 1
    }
    return statistics
  }

  /// The payload stored for `key`, or nil if absent, expired or corrupt.
  public func data(forKey key: String) -> Data? {
    entry(forKey: key)?.data
  }

  /// The entry stored for `key`, or nil if absent, expired or corrupt (the last two are deleted).
  ///
  /// The file is always opened and fully checked, even when the index knows nothing of it: another process
  /// may have written it.
  public func entry(forKey key: String) -> Entry? {
    entry(forKey: key, counted: true)
  }

  /// The entry stored for `key`, like ``entry(forKey:)``; with `counted` false the lookup adds no hit or miss
  /// to ``statistics``, for a program reading its own bookkeeping (the counters describe the user's reads).
  ///
  /// ```swift
  /// let ledger = await disk.entry(forKey: "my-app/ledger", counted: false)
  /// ```
  public func entry(forKey key: String, counted: Bool) -> Entry? {
    let keyBytes = Array(key.utf8)
    let name = SHA256.hex(keyBytes)
    let now = Timestamp(self.now())
    let known = index.peekWithCost(name)
    if let record = known?.value, record.expires <= now {
      settle(name, key: keyBytes, now: now)
      if counted { counters.misses += 1 }
      return nil
    }
    switch folder.read(name, expectedKey: keyBytes, payload: true, touch: now) {
    case .missing:
      index.removeValue(forKey: name)
    case .failed:
      break
    case .defective:
      settle(name, key: keyBytes, now: now)
    case .valid(let header, let payload):
      guard header.expires > now, let payload else {
        settle(name, key: keyBytes, now: now)
        break
      }
      let known = index.update(forKey: name, cost: header.fileSize) { record in
        record.lastAccess = now
        record.expires = header.expires
        record.payloadCRC = header.payloadCRC
      }
      if !known { index.set(IndexRecord(header, key: key, lastAccess: now), forKey: name, cost: header.fileSize) }
      if counted { counters.hits += 1 }
      return Entry(
        data: payload, created: header.created.date,
        expires: header.expires == .distantFuture ? nil : header.expires.date)
    }
    if counted { counters.misses += 1 }
    return nil
  }

  /// The keys of the entries this process's index holds that start with `prefix` and have not expired,
  /// sorted. Answered from memory: the index is rebuilt from every entry header when the cache opens, and
  /// follows this process's writes; entries another process wrote since join it when read (see above).
  ///
  /// ```swift
  /// for key in await cache.keys(withPrefix: "post/") { print(key) }
  /// ```
  public func keys(withPrefix prefix: String = "") -> [String] {
    let now = Timestamp(self.now())
    return index.entries.compactMap { entry in
      entry.value.expires > now && entry.value.key.hasPrefix(prefix) ? entry.value.key : nil
    }.sorted()
  }

  /// Stores `data` for `key`, replacing any previous entry, then evicts if a limit is passed.
  ///
  /// - Parameters:
  ///   - data: the bytes to store.
  ///   - key: the entry's key.
  ///   - ttl: how long the entry lives; nil uses ``Limits/defaultTimeToLive``.
  /// - Returns: when the entry expires; nil if never.
  /// - Throws: ``CacheError/entryTooLarge(size:limit:)`` above the entry cap (nothing is written),
  ///   ``CacheError/ioFailed(operation:path:code:)`` when the file cannot be written.
  ///
  /// The entry file is written and synced off the actor, so concurrent sets sync together (the file system
  /// commits them in one go) and lookups go on meanwhile; only the rename into place and the index update
  /// hold the actor and the folder's lock. It returns once the entry is durable.
  @discardableResult
  public func set(_ data: Data, forKey key: String, ttl: Duration? = nil) async throws(CacheError) -> Date? {
    try check(key: key, size: data.count, ttl: ttl)
    let keyBytes = Array(key.utf8)
    let lifetime = ttl ?? limits.defaultTimeToLive
    let now = Timestamp(self.now())
    let expires = lifetime.map { now.adding($0) } ?? .distantFuture
    let bytes = EntryHeader.encodeFile(key: keyBytes, payload: Array(data), created: now, expires: expires)
    guard bytes.count <= limits.maxBytes else {
      throw .entryTooLarge(size: data.count, limit: limits.maxBytes - (bytes.count - data.count))
    }
    let name = SHA256.hex(keyBytes)
    let descriptor = folder.folder
    let temporary = try await BlockingIO.run { () throws(CacheError) in
      try EntryFolder.writeTemporary(bytes, in: descriptor)
    }
    try folder.withLock { () throws(CacheError) in
      let removed: EntryDefect?
      do throws(CacheError) {
        removed = try folder.moveIntoPlace(temporary, as: name)
      } catch {
        // Another instance's open, verify() or removeAll() deleted the temporary file meanwhile: write again.
        guard case .ioFailed(_, _, let code) = error, code == ENOENT else { throw error }
        removed = try folder.write(name, bytes: bytes)
      }
      if removed != nil { counters.corruptDropped += 1 }
      let header = EntryHeader(
        key: keyBytes, created: now, expires: expires, lastAccess: now, payloadLength: data.count,
        payloadCRC: CRC32.checksum(data))
      index.set(IndexRecord(header, lastAccess: now), forKey: name, cost: bytes.count)
      Self.evict(&index, counters: &counters, folder: folder, limits: limits, protecting: name)
    }
    await BlockingIO.run { descriptor.sync() }
    return expires == .distantFuture ? nil : expires.date
  }

  /// Throws what ``set(_:forKey:ttl:)`` would throw before writing anything, for a payload of `size` bytes.
  nonisolated func check(key: String, size: Int, ttl: Duration?) throws(CacheError) {
    let keyLength = key.utf8.count
    guard keyLength <= EntryHeader.maxKeyLength else {
      throw .keyTooLong(length: keyLength, limit: EntryHeader.maxKeyLength)
    }
    guard size <= limits.maxEntryBytes else { throw .entryTooLarge(size: size, limit: limits.maxEntryBytes) }
    if let lifetime = ttl ?? limits.defaultTimeToLive, lifetime <= .zero { throw .invalidTimeToLive }
  }

  /// Deletes the entry for `key`, if any.
  public func removeValue(forKey key: String) throws(CacheError) {
    let name = SHA256.hex(Array(key.utf8))
    try folder.withLock { () throws(CacheError) in
      try folder.remove(name)
      index.removeValue(forKey: name)
    }
  }

  /// Deletes every entry and leftover temporary file in the folder, including other processes' entries.
  public func removeAll() throws(CacheError) {
    try folder.withLock { () throws(CacheError) in
      let listing = try folder.listing()
      for name in listing.entries + listing.temporaries { try folder.remove(name) }
      index.removeAll()
    }
  }

  /// Reads every entry file in full, deletes those that fail a check or have expired (and leftover temporary
  /// files), and rebuilds the index from what remains.
  ///
  /// ```swift
  /// let report = try await cache.verify()
  /// print("\(report.valid) good, \(report.droppedCount) dropped")
  /// ```
  public func verify() throws(CacheError) -> VerificationReport {
    let scan = try folder.withLock { () throws(CacheError) in
      try Self.scan(folder, now: Timestamp(now()), checkPayloads: true)
    }
    index = scan.index
    counters.corruptDropped += scan.report.droppedCount
    counters.expiredRemoved += scan.report.expiredRemoved
    return scan.report
  }

  /// ``verify()``, reporting only the user's data: the valid entries of `keys` (a program's own
  /// bookkeeping, as in ``statistics(excludingKeys:)``) are checked but not counted.
  ///
  /// ```swift
  /// let report = try await disk.verify(excludingKeys: ["my-app/ledger"])
  /// ```
  public func verify(excludingKeys keys: Set<String>) throws(CacheError) -> VerificationReport {
    var report = try verify()
    for key in keys where index.peekWithCost(SHA256.hex(Array(key.utf8))) != nil {
      report.checked -= 1
      report.valid -= 1
    }
    return report
  }

  /// Deletes the entry for `key` as corrupt, for a caller that found its payload `data` unusable (for example
  /// undecodable). The file is deleted only if it still holds `data`: another process may have replaced it.
  func discardCorrupt(forKey key: String, data: Data) {
    let keyBytes = Array(key.utf8)
    let name = SHA256.hex(keyBytes)
    let stillThere = try? folder.withLock { () throws(CacheError) -> Bool in
      guard case .valid(_, let current) = folder.read(name, expectedKey: keyBytes, payload: true, touch: nil),
        current == data
      else { return false }
      try folder.remove(name)
      return true
    }
    // Whatever happened, the entry leaves the index; the next reader checks the file again.
    index.removeValue(forKey: name)
    if stillThere == true { counters.corruptDropped += 1 }
  }

  /// Entry file names this process's index holds, with their sizes; for tests comparing it with the folder.
  var indexedFiles: [String: Int] {
    Dictionary(uniqueKeysWithValues: index.entries.map { ($0.key, $0.cost) })
  }

  /// Entry file names, most recently used first.
  var namesByRecency: [String] { index.keysFromNewest }

  /// Re-reads the entry `name` under the lock and acts on what is there now: deletes it if it is still bad
  /// or expired, or indexes it if another process replaced it with a sound one.
  private func settle(_ name: String, key: [UInt8], now: Timestamp) {
    let outcome = try? folder.withLock { () throws(CacheError) -> EntryRead in
      let current = folder.read(name, expectedKey: key, payload: true, touch: nil)
      switch current {
      case .defective:
        try folder.remove(name)
      case .valid(let header, _) where header.expires <= now:
        try folder.remove(name)
      case .valid, .missing, .failed:
        break
      }
      return current
    }
    index.removeValue(forKey: name)
    switch outcome {
    case .defective?:
      counters.corruptDropped += 1
    case .valid(let header, _)? where header.expires <= now:
      counters.expiredRemoved += 1
    case .valid(let header, _)?:
      index.set(IndexRecord(header, lastAccess: header.lastAccess), forKey: name, cost: header.fileSize)
    case .missing?, .failed?, nil:
      break
    }
  }

  private static func evict(
    _ index: inout LRUList<String, IndexRecord>, counters: inout CacheStatistics, folder: EntryFolder,
    limits: Limits, protecting protected: String?
  ) {
    let overHighWatermark = index.totalCost > limits.maxBytes
    while (overHighWatermark && index.totalCost > limits.lowWatermarkBytes) || index.count > limits.maxCount,
      let oldest = index.oldestKey, oldest != protected
    {
      index.removeOldest()
      // A file that cannot be deleted is forgotten all the same; reopening or verify() finds it again.
      try? folder.remove(oldest)
      counters.evictions += 1
    }
  }

  private static func scan(
    _ folder: EntryFolder, now: Timestamp, checkPayloads: Bool
  ) throws(CacheError) -> (index: LRUList<String, IndexRecord>, report: VerificationReport) {
    var report = VerificationReport()
    let listing = try folder.listing()
    for name in listing.temporaries {
      try folder.remove(name)
      report.temporariesRemoved += 1
    }
    var found: [(name: String, header: EntryHeader)] = []
    for name in listing.entries {
      report.checked += 1
      switch folder.read(name, expectedKey: nil, payload: checkPayloads, touch: nil) {
      case .missing, .failed:
        break
      case .defective(let defect):
        try folder.remove(name)
        report.dropped[defect, default: 0] += 1
      case .valid(let header, _) where header.expires <= now:
        try folder.remove(name)
        report.expiredRemoved += 1
      case .valid(let header, _):
        found.append((name, header))
        report.valid += 1
      }
    }
    found.sort { ($0.header.lastAccess, $0.name) < ($1.header.lastAccess, $1.name) }
    var index = LRUList<String, IndexRecord>()
    for (name, header) in found {
      index.set(IndexRecord(header, lastAccess: header.lastAccess), forKey: name, cost: header.fileSize)
    }
    return (index, report)
  }
}
