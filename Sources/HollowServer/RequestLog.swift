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
    /// Callers of ``wait(until:)``, resumed once their condition holds on the log.
    var waiters: [(condition: @Sendable ([LoggedRequest]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    var all: [LoggedRequest] { Array(ring[next...] + ring[..<next]) }

    /// Takes out the waiters whose condition now holds.
    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      guard !waiters.isEmpty else { return [] }
      let requests = all
      var resumed: [CheckedContinuation<Void, Never>] = []
      waiters.removeAll { waiter in
        guard waiter.condition(requests) else { return false }
        resumed.append(waiter.continuation)
        return true
      }
      return resumed
    }
  }

  private let state = Mutex(State())
  let capacity: Int

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  func record(_ request: HTTPRequest) {
    let entry = LoggedRequest(
      method: request.method, path: request.path, query: request.query.filter { $0.name.lowercased() != "token" })
    let resumed = state.withLock { state in
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
      return state.satisfiedWaiters()
    }
    for continuation in resumed { continuation.resume() }
  }

  /// Returns once `condition` holds on the latest requests, checked now and after every request: an
  /// explicit signal for tests, where polling with a deadline would fail on a loaded machine.
  func wait(until condition: @escaping @Sendable ([LoggedRequest]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let holds = state.withLock { state in
        if condition(state.all) { return true }
        state.waiters.append((condition, continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }

  /// The latest requests, oldest first.
  var all: [LoggedRequest] {
    state.withLock { $0.all }
  }

  /// Every request recorded, including those the ring has let go.
  var total: Int {
    state.withLock { $0.total }
  }

  func count(path: String) -> Int {
    state.withLock { $0.perPath[path, default: 0] }
  }
}
