/// One request as a ``HostileServer`` read it.
struct RecordedRequest: Sendable, Equatable {
  var method: String
  var target: String
  /// Header fields with lowercased names.
  var headers: [String: String]

  var carriesToken: Bool { headers["token"] != nil }
}
