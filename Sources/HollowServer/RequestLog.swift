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

/// The requests a server has parsed: the latest `capacity` of them in arrival order (a ring, so a server
/// that runs for ever holds a bounded log), and how many arrived per path.
///
/// Per-path counts are kept for up to ``maximumCountedPaths`` distinct paths, so a client asking for
/// endless made-up paths cannot grow them either; later new paths are counted in the total only.
///
/// ```swift
/// let log = RequestLog(capacity: 3)
/// // after 5 requests: log.all holds the last 3, log.total is 5
/// ```
final class RequestLog: Sendable {
  static let maximumCountedPaths = 4_096

  private struct State {
    var ring: [LoggedRequest] = []
    /// Where the next entry goes once the ring is full.
    var next = 0
    var total = 0
    var perPath: [String: Int] = [:]
  }

  private let state = Mutex(State())
  let capacity: Int

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  func record(_ request: HTTPRequest) {
    let entry = LoggedRequest(
      method: request.method, path: request.path, query: request.query.filter { $0.name.lowercased() != "token" })
    state.withLock { state in
      if state.ring.count < capacity {
        state.ring.append(entry)
      } else {
        state.ring[state.next] = entry
        state.next = (state.next + 1) % capacity
      }
      state.total += 1
      if state.perPath[entry.path] != nil || state.perPath.count < Self.maximumCountedPaths {
        state.perPath[entry.path, default: 0] += 1
      }
    }
  }

  /// The latest requests, oldest first.
  var all: [LoggedRequest] {
    state.withLock { state in Array(state.ring[state.next...] + state.ring[..<state.next]) }
  }

  /// Every request recorded, including those the ring has let go.
  var total: Int {
    state.withLock { $0.total }
  }

  func count(path: String) -> Int {
    state.withLock { $0.perPath[path, default: 0] }
  }
}
