/// A name and value from a query string or a form body, percent-decoded.
public struct QueryItem: Sendable, Equatable, Hashable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A parsed HTTP/1.x request.
struct HTTPRequest: Sendable {
  var method: String
  /// The path without the query, e.g. `/v3/contents/post/list`.
  var path: String
  var query: [QueryItem]
  /// 0 for HTTP/1.0, 1 for HTTP/1.1.
  var minorVersion: Int
  /// Header names are lowercased.
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  func header(_ name: String) -> String? {
    let lowercased = name.lowercased()
    return headers.first { $0.name == lowercased }?.value
  }

  func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 closes unless told to keep it.
  var keepsAlive: Bool {
    let connection = header("connection")?.lowercased() ?? ""
    return minorVersion >= 1 ? !connection.contains("close") : connection.contains("keep-alive")
  }
}
