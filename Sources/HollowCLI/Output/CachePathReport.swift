/// What `cache path --json` prints.
struct CachePathReport: Codable, Sendable, Equatable {
  var directory: String
}
