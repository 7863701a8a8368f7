/// What the demo state file holds: which data set it extends and the writes made to it, in order.
///
/// The file only grows (an operation is appended per write) until it is reset; `id` is drawn anew at each
/// start over, so a server that holds the first operations of the same id only applies the new ones, and
/// one that holds another id rebuilds from the generated data set.
///
/// ```json
/// {"format": "hollow-demo-state", "version": 1, "seed": 1, "postCount": 320, "id": "…", "operations": [...]}
/// ```
struct DemoJournal: Codable, Sendable, Equatable {
  static let formatName = "hollow-demo-state"
  static let currentVersion = 1

  var format = Self.formatName
  var version = Self.currentVersion
  var seed: UInt64
  var postCount: Int
  var id: String
  var operations: [DemoOperation] = []

  /// An empty journal for the data set of `seed` and `postCount`, with a new id.
  static func fresh(seed: UInt64, postCount: Int) -> DemoJournal {
    DemoJournal(seed: seed, postCount: postCount, id: String(UInt64.random(in: 0...UInt64.max), radix: 16))
  }

  /// Why this journal cannot extend the data set of `seed` and `postCount`, or nil when it can.
  func mismatch(seed: UInt64, postCount: Int) -> String? {
    guard format == Self.formatName else { return "not a demo state file" }
    guard version == Self.currentVersion else {
      return "format version \(version), this program reads \(Self.currentVersion)"
    }
    guard self.seed == seed, self.postCount == postCount else {
      return "made for seed \(self.seed) with \(self.postCount) posts, not seed \(seed) with \(postCount)"
    }
    return nil
  }
}
