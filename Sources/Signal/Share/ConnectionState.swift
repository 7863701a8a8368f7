/// The state machine behind ``Publishers/Share`` and ``Publishers/Autoconnect``: at most one
/// live *connection* (one upstream subscription) and how many subscribers hold it.
///
/// A connection is created by the first subscriber, whose thread then subscribes to the
/// upstream at once, outside the lock (``subscribed(_:to:)``): subscribing is synchronous, as in
/// Combine, so a hot upstream loses nothing sent after the subscriber subscribed. A share's
/// pump task starts at the first `next()` of any of its subscribers (``start(_:)``); an
/// autoconnect's connection runs its own. The connection is retired when its last subscriber
/// leaves (``cancel(_:)``: its pump is cancelled and its subscription released) or when its
/// owner retires it (a share's upstream completed). A retired connection is never joined
/// again: the next subscriber creates a new one.
///
/// - `Relay`: what subscribers subscribe to (a share's subject; nothing for autoconnect).
/// - `Subscription`: the upstream subscription (an ``UpstreamSubscription`` for a share,
///   the connection token for autoconnect).
@usableFromInline
struct ConnectionState<Relay: Sendable, Subscription: ReleasableSubscription>: SubscriptionStateMachine {
  /// A subscriber is known by the connection it holds.
  @usableFromInline typealias Subscriber = Int

  struct Connection: Sendable {
    let id: Int
    let relay: Relay
    var members = 0
    /// The upstream subscription, from the moment the first subscriber made it until the
    /// pump task takes it (an autoconnect's stays until the connection is retired).
    var subscription: Subscription?
    var isStartRequested = false
    var isStarted = false
    var pump: Task<Void, Never>?
  }

  private(set) var current: Connection?
  private var lastID = 0

  init() {}

  enum JoinAction {
    /// Joined the running connection `id`.
    case joined(id: Int, relay: Relay)
    /// Created connection `id`: subscribe to the upstream now, then ``subscribed(_:to:)``.
    case subscribe(id: Int, relay: Relay)

    var id: Int {
      switch self {
      case .joined(let id, _), .subscribe(let id, _): return id
      }
    }

    var relay: Relay {
      switch self {
      case .joined(_, let relay), .subscribe(_, let relay): return relay
      }
    }
  }

  /// Counts a new subscriber in, creating a connection with `makeRelay` if there is none.
  mutating func join(makeRelay: () -> Relay) -> JoinAction {
    if var connection = current {
      connection.members += 1
      current = connection
      return .joined(id: connection.id, relay: connection.relay)
    }
    lastID += 1
    current = Connection(id: lastID, relay: makeRelay(), members: 1)
    return .subscribe(id: lastID, relay: current!.relay)
  }

  enum StartAction {
    case none
    /// Start the pump of this relay from this subscription, then ``adopt(_:to:)``.
    case startPump(Relay, Subscription)
    /// The connection is gone: release this subscription.
    case release(Subscription)
  }

  /// The first subscriber of connection `id` subscribed to the upstream.
  mutating func subscribed(_ subscription: Subscription, to id: Int) -> StartAction {
    guard var connection = current, connection.id == id else { return .release(subscription) }
    defer { current = connection }
    if connection.isStartRequested {
      connection.isStarted = true
      return .startPump(connection.relay, subscription)
    }
    connection.subscription = subscription
    return .none
  }

  /// A subscriber of connection `id` asks for its first value.
  mutating func start(_ id: Int) -> StartAction {
    guard var connection = current, connection.id == id, !connection.isStarted else { return .none }
    defer { current = connection }
    guard let subscription = connection.subscription.take() else {
      // Still being subscribed: the subscriber that subscribes starts the pump.
      connection.isStartRequested = true
      return .none
    }
    connection.isStarted = true
    return .startPump(connection.relay, subscription)
  }

  /// Keeps the pump of connection `id`. Returns `false` if the connection was retired
  /// meanwhile: the caller cancels the pump.
  mutating func adopt(_ pump: Task<Void, Never>, to id: Int) -> Bool {
    guard var connection = current, connection.id == id else { return false }
    connection.pump = pump
    current = connection
    return true
  }

  /// A subscriber of connection `id` left. The last one retires it: its pump is cancelled
  /// and its subscription released.
  @usableFromInline
  mutating func cancel(_ id: Int) -> Effects {
    guard var connection = current, connection.id == id else { return Effects() }
    connection.members -= 1
    guard connection.members == 0 else {
      current = connection
      return Effects()
    }
    current = nil
    var effects = Effects()
    effects.cancel(connection.pump)
    effects.release(connection.subscription)
    return effects
  }

  /// Retires connection `id` without stopping it (its upstream has completed).
  mutating func retire(_ id: Int) {
    if current?.id == id { current = nil }
  }
}
