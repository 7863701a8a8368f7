import HollowCache

/// What `cache verify` prints: what opening the cache removed and what the full check then removed.
struct CacheVerifyReport: Codable, Sendable, Equatable {
  var checked: Int
  var valid: Int
  /// Dropped entries by defect ("payload checksum mismatch": 1).
  var dropped: [String: Int]
  var expiredRemoved: Int
  var temporariesRemoved: Int
  /// Why the folder's lock file was replaced ("not a regular file (…)"), if it was.
  var replacedLockFile: String?

  init(_ report: DiskCache.VerificationReport) {
    checked = report.checked
    valid = report.valid
    dropped = Dictionary(uniqueKeysWithValues: report.dropped.map { ($0.key.description, $0.value) })
    expiredRemoved = report.expiredRemoved
    temporariesRemoved = report.temporariesRemoved
    replacedLockFile = report.replacedLockFile?.description
  }

  enum CodingKeys: String, CodingKey {
    case checked, valid, dropped
    case expiredRemoved = "expired_removed"
    case temporariesRemoved = "temporaries_removed"
    case replacedLockFile = "replaced_lock_file"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(checked, forKey: .checked)
    try container.encode(valid, forKey: .valid)
    try container.encode(dropped, forKey: .dropped)
    try container.encode(expiredRemoved, forKey: .expiredRemoved)
    try container.encode(temporariesRemoved, forKey: .temporariesRemoved)
    // Always present, null when the lock file was sound, so scripts need not test for the key.
    try container.encode(replacedLockFile, forKey: .replacedLockFile)
  }

  var lines: [String] {
    let droppedCount = dropped.values.reduce(0, +)
    var first = "checked \(RenderContext.count(checked, "entry", "entries")): \(valid) valid, \(droppedCount) dropped"
    if droppedCount > 0 {
      first += " (" + dropped.sorted { $0.key < $1.key }.map { "\($1) \($0)" }.joined(separator: ", ") + ")"
    }
    var lines = [
      first,
      "\(RenderContext.count(expiredRemoved, "expired entry", "expired entries")) removed, "
        + "\(RenderContext.count(temporariesRemoved, "leftover temporary file", "leftover temporary files")) removed",
    ]
    if let replacedLockFile { lines.append("the lock file was \(replacedLockFile): replaced") }
    return lines
  }
}
