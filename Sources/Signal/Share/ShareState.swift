/// The state machine of one ``Publishers/Share``: at most one live connection (one upstream
/// subscription feeding one subject) and how many subscribers hold it.
///
/// A connection is created by the first subscriber, started (its pump task spawned) by the
/// first `next()` of any of its subscribers, and retired when its last subscriber leaves or
/// its upstream completes. A retired connection is never joined again: the next subscriber
/// creates a new one, which subscribes to the upstream afresh.
struct ShareState<Output: Sendable, Failure: Error>: Sendable {
  struct Connection: Sendable {
    let id: Int
    let subject: ReplaySubject<Output, Failure>
    var members = 0
    var isStarted = false
    /// Set once the pump task exists; `nil` between ``ShareState/start(_:)`` and ``ShareState/attach(_:to:)``.
    var pump: Task<Void, Never>?
  }

  /// What a subscriber's first `next()` must do.
  enum StartAction {
    /// Spawn the pump for this subject, then ``ShareState/attach(_:to:)`` it.
    case spawnPump(ReplaySubject<Output, Failure>)
    /// Already started by another subscriber, or already retired.
    case none
  }

  let replay: Int
  private(set) var current: Connection?
  private var lastID = 0

  init(replay: Int) {
    self.replay = Swift.max(0, replay)
  }

  /// Counts a new subscriber in, creating a connection if there is none. The caller
  /// subscribes to the returned subject while still holding the lock, so a subscriber that
  /// joined before the upstream completed always receives that completion.
  mutating func join() -> (id: Int, subject: ReplaySubject<Output, Failure>) {
    var connection: Connection
    if let current {
      connection = current
    } else {
      lastID += 1
      connection = Connection(id: lastID, subject: ReplaySubject(bufferSize: replay))
    }
    connection.members += 1
    current = connection
    return (connection.id, connection.subject)
  }

  mutating func start(_ id: Int) -> StartAction {
    guard var connection = current, connection.id == id, !connection.isStarted else { return .none }
    connection.isStarted = true
    current = connection
    return .spawnPump(connection.subject)
  }

  /// Records the pump task. Returns `false` if the connection was retired meanwhile (every
  /// subscriber left before the task existed): the caller must cancel the task.
  mutating func attach(_ pump: Task<Void, Never>, to id: Int) -> Bool {
    guard var connection = current, connection.id == id else { return false }
    connection.pump = pump
    current = connection
    return true
  }

  /// Counts a subscriber out. Returns the pump to cancel when it was the last one.
  mutating func leave(_ id: Int) -> Task<Void, Never>? {
    guard var connection = current, connection.id == id else { return nil }
    connection.members -= 1
    guard connection.members == 0 else {
      current = connection
      return nil
    }
    current = nil
    return connection.pump
  }

  /// The upstream completed: retire the connection before the completion is sent, so that
  /// nobody joins a subject that is about to complete.
  mutating func pumpFinished(_ id: Int) {
    if current?.id == id { current = nil }
  }
}
