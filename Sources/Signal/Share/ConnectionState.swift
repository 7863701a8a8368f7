/// The state machine behind ``Publishers/Share`` and ``Publishers/Autoconnect``: at most one
/// live *connection* (one upstream subscription) and how many subscribers hold it.
///
/// A connection is created by the first subscriber, started by the first `next()` of any of
/// its subscribers, and retired when its last subscriber leaves (its `Stopper` is then
/// cancelled) or when its owner retires it (a share's upstream completed). A retired
/// connection is never joined again: the next subscriber creates a new one.
///
/// - `Relay`: what subscribers subscribe to (a share's subject; nothing for autoconnect).
/// - `Stopper`: what ends the upstream subscription (a pump task, a connection token).
struct ConnectionState<Relay: Sendable, Stopper: Sendable>: Sendable {
  struct Connection: Sendable {
    let id: Int
    let relay: Relay
    var members = 0
    var isStarted = false
    /// Set once the upstream subscription exists; `nil` between `start` and `attach`.
    var stopper: Stopper?
  }

  private(set) var current: Connection?
  private var lastID = 0

  init() {}

  /// Counts a new subscriber in, creating a connection with `makeRelay` if there is none.
  mutating func join(makeRelay: () -> Relay) -> (id: Int, relay: Relay) {
    var connection: Connection
    if let current {
      connection = current
    } else {
      lastID += 1
      connection = Connection(id: lastID, relay: makeRelay())
    }
    connection.members += 1
    current = connection
    return (connection.id, connection.relay)
  }

  /// Returns the relay if the caller must start connection `id` (then ``attach(_:to:)``),
  /// `nil` if it has started already or has been retired.
  mutating func start(_ id: Int) -> Relay? {
    guard var connection = current, connection.id == id, !connection.isStarted else { return nil }
    connection.isStarted = true
    current = connection
    return connection.relay
  }

  /// Records how to stop connection `id`. Returns `false` if it was retired meanwhile (every
  /// subscriber left before the upstream subscription existed): the caller must stop it.
  mutating func attach(_ stopper: Stopper, to id: Int) -> Bool {
    guard var connection = current, connection.id == id else { return false }
    connection.stopper = stopper
    current = connection
    return true
  }

  /// Counts a subscriber out. Returns what to stop when it was the last one.
  mutating func leave(_ id: Int) -> Stopper? {
    guard var connection = current, connection.id == id else { return nil }
    connection.members -= 1
    guard connection.members == 0 else {
      current = connection
      return nil
    }
    current = nil
    return connection.stopper
  }

  /// Retires connection `id` without stopping it (its upstream has completed).
  mutating func retire(_ id: Int) {
    if current?.id == id { current = nil }
  }
}

/// What a ``ConnectionMembership`` reports to.
@usableFromInline
protocol ConnectionOwner: AnyObject, Sendable {
  /// Starts the upstream of connection `id` unless it has started already.
  func start(_ id: Int)
  /// A subscriber of connection `id` left; the last one stops the upstream.
  func leave(_ id: Int)
}

/// One subscriber's hold on a connection: alive while the subscriber's iterator is, or until
/// its stream ends. Its `deinit` counts the subscriber out, which may stop the upstream.
@usableFromInline
final class ConnectionMembership<Owner: ConnectionOwner>: Sendable {
  let owner: Owner
  let connectionID: Int

  init(owner: Owner, connectionID: Int) {
    self.owner = owner
    self.connectionID = connectionID
  }

  deinit {
    owner.leave(connectionID)
  }

  @usableFromInline
  func start() {
    owner.start(connectionID)
  }
}

/// The iterator logic of a subscriber of a connection: starts the connection at the first
/// `next()` and counts itself out as soon as its stream ends.
@usableFromInline
struct ConnectedIterator<Base: AsyncIteratorProtocol, Owner: ConnectionOwner> {
  @usableFromInline var base: Base
  /// Held until the stream ends; released then so the subscriber counts out at once.
  @usableFromInline var membership: ConnectionMembership<Owner>?
  @usableFromInline var needsStart = true

  @usableFromInline
  init(base: Base, membership: ConnectionMembership<Owner>) {
    self.base = base
    self.membership = membership
  }

  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure) -> Base.Element? {
    if needsStart {
      needsStart = false
      membership?.start()
    }
    let value: Base.Element?
    do {
      value = try await base.next(isolation: actor)
    } catch {
      membership = nil
      throw error
    }
    if value == nil { membership = nil }
    return value
  }
}
