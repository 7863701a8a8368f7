import Synchronization

/// One request as the server saw it. Headers (and so the token) are never recorded.
public struct LoggedRequest: Sendable, Equatable {
  public var method: String
  public var path: String
  /// The query items, percent-decoded, without any item named `token`.
  public var query: [QueryItem]

  public init(method: String, path: String, query: [QueryItem]) {
    self.method = method
    self.path = path
    self.query = query
  }
}

/// The requests a server has parsed, in arrival order.
final class RequestLog: Sendable {
  private let entries = Mutex<[LoggedRequest]>([])

  func record(_ request: HTTPRequest) {
    let entry = LoggedRequest(
      method: request.method, path: request.path, query: request.query.filter { $0.name.lowercased() != "token" })
    entries.withLock { $0.append(entry) }
  }

  var all: [LoggedRequest] {
    entries.withLock { $0 }
  }

  func count(path: String) -> Int {
    entries.withLock { entries in entries.count { $0.path == path } }
  }
}
