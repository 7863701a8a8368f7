/// What `cache clear --json` prints.
struct ClearReport: Codable, Sendable, Equatable {
  var entries: Int
  var bytes: Int
}
