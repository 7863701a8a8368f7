/// One request as a ``HostileServer`` read it.
struct RecordedRequest: Sendable, Equatable {
  var method: String
  var target: String
  /// Header fields with lowercased names.
  var headers: [String: String]
  /// Which accepted connection carried it (1 for the first), so tests can see reuse.
  var connection = 0

  var carriesToken: Bool { headers["token"] != nil }
}
