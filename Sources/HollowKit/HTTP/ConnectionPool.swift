import Dispatch
import HollowWire
import Synchronization

/// The open connections of one ``NetworkHTTPClient`` (``NetworkHTTPClient/Transport/sockets``), kept per
/// origin (scheme, host, port and proxy) and reused by every request of a run: HTTP/1.1 keep-alive, so a
/// request pays for TCP's and TLS's handshakes and a cold slow start only when no warm connection is free.
///
/// - **Bound**: at most ``limit`` connections per origin, open or being opened (the per-host budget,
///   ``HostLimiter``'s): a request that finds none free and the origin at its bound waits for one, within
///   its deadline. A request that finds none free while connections opened ahead of need
///   (``connectEarly(_:count:open:)``) are still shaking hands waits for one of those rather than opening
///   another, so early connections never add to the count.
/// - **Reuse**: the most recently used connection first (its congestion window is the warmest). One that
///   waited longer than ``idleTimeout``, or on which anything arrived while it waited (the server closed
///   it, or sent stray bytes), is closed instead; a timer closes idle ones in the background too.
/// - **Never reused**: a connection whose exchange failed, timed out, was cancelled, left part of an answer
///   unread or sent more than one, whose request was not sent whole, or whose server said `Connection:
///   close` (or spoke HTTP/1.0 without keep-alive). The exchange decides (``SocketExchange``) and says so
///   in ``release(_:reusable:)``.
/// - **TLS sessions**: the last session each https origin granted is offered to its next connection.
///
/// ```swift
/// let lease = try pool.acquire(key, fresh: false, wake: wake, signal: signal, deadline: deadline, total: total)
/// // .pooled(connection): send over it; .dial: open one (ConnectionOpener), or pool.openFailed(key)
/// pool.release(connection, reusable: true)
/// ```
final class ConnectionPool: Sendable {
  /// What one pool entry serves: the scheme's security, the host and port, and the proxy in between.
  struct Key: Hashable, Sendable, CustomStringConvertible {
    var isSecure: Bool
    var target: HTTPRequestEncoder.Target
    var proxy: HTTPProxy?

    var description: String {
      (isSecure ? "https://" : "http://") + HTTPRequestEncoder.authority(target)
        + (proxy.map { " via \($0.description)" } ?? "")
    }
  }

  /// What ``acquire(_:fresh:wake:signal:deadline:total:)`` gives an exchange.
  enum Lease {
    /// A connection that carried exchanges before (or was opened early): it may have been closed by the
    /// server a moment ago, which only trying tells.
    case pooled(PooledConnection)
    /// Room to open a connection of its own; the exchange opens it, or calls ``openFailed(_:)``.
    case dial
  }

  /// What the pool has done so far, for tests and benchmarks.
  struct Statistics: Sendable, Equatable {
    /// Connections opened (TCP connected, TLS handshakes done), early ones included.
    var opened = 0
    /// Exchanges that went over a connection the pool handed out instead of a new one.
    var reused = 0
    /// TLS handshakes that resumed a session.
    var resumed = 0
  }

  /// The most connections per origin (at least 1).
  let limit: Int
  /// How long a connection may wait unused before it is closed.
  let idleTimeout: Duration

  private enum Grant {
    case connection(PooledConnection)
    case dial
  }

  private struct Waiter {
    let id: UInt64
    let signal: DispatchSemaphore
    var grant: Grant?
  }

  private struct Origin {
    /// Free connections, the most recently used last.
    var idle: [(connection: PooledConnection, since: ContinuousClock.Instant)] = []
    /// Idle, in use and being opened.
    var open = 0
    /// Being opened ahead of need, not yet promised to a waiter.
    var early = 0
    var waiters: [Waiter] = []
    var session: TLSSession?

    var unansweredWaiters: Int {
      waiters.count { $0.grant == nil }
    }
  }

  private struct State {
    var origins: [Key: Origin] = [:]
    var nextWaiter: UInt64 = 0
    var sweepScheduled = false
    var statistics = Statistics()
    /// Threads waiting for every early connection to end (``waitForEarlyConnections(timeout:)``).
    var settledWaiters: [DispatchSemaphore] = []

    var isOpeningEarly: Bool {
      origins.values.contains { $0.early > 0 }
    }
  }

  private let state = Mutex(State())

  /// The default ``idleTimeout``: 20 s, below the 30 s or more that servers usually keep an idle
  /// connection (HollowServer's 30 s, nginx's 75 s), so the client is usually the one that closes it.
  static let defaultIdleTimeout = Duration.seconds(20)

  init(limit: Int, idleTimeout: Duration = ConnectionPool.defaultIdleTimeout) {
    self.limit = max(1, limit)
    self.idleTimeout = idleTimeout
  }

  var statistics: Statistics {
    state.withLock { $0.statistics }
  }

  /// Connections open or being opened to `key`'s origin.
  func openCount(_ key: Key) -> Int {
    state.withLock { $0.origins[key]?.open ?? 0 }
  }

  /// The session `key`'s origin granted last, to offer when opening a connection to it.
  func session(for key: Key) -> TLSSession? {
    state.withLock { $0.origins[key]?.session }
  }

  /// A connection for one exchange, or room to open one: a free one (unless `fresh`), else one opened
  /// early once it is ready, else room under ``limit``, else the first connection another exchange gives
  /// back. Blocks the calling thread (an exchange's own) until then; `signal` wakes it (the pool signals
  /// it, and so does the exchange's cancellation, which also wakes `wake`).
  ///
  /// - Parameter fresh: never a connection that carried an exchange before (a write, or a retry).
  func acquire(
    _ key: Key, fresh: Bool, wake: WakePipe, signal: DispatchSemaphore, deadline: ContinuousClock.Instant,
    total: Duration
  ) throws(TransportFailure) -> Lease {
    var closed: [PooledConnection] = []
    let first: (lease: Lease?, waiter: UInt64?) = state.withLock { state in
      var origin = state.origins[key, default: Origin()]
      defer { state.origins[key] = origin }
      let now = ContinuousClock.now
      if !fresh {
        while let (connection, since) = origin.idle.popLast() {
          if since.duration(to: now) < idleTimeout, connection.stream.isIdleAndOpen {
            state.statistics.reused += 1
            return (.pooled(connection), nil)
          }
          origin.open -= 1
          closed.append(connection)
        }
      }
      if fresh, origin.open >= limit, !origin.idle.isEmpty {
        // A new connection at the bound: the free one that waited longest makes room.
        origin.open -= 1
        closed.append(origin.idle.removeFirst().connection)
      }
      if origin.early <= origin.unansweredWaiters, origin.open < limit {
        origin.open += 1
        return (.dial, nil)
      }
      state.nextWaiter += 1
      origin.waiters.append(Waiter(id: state.nextWaiter, signal: signal))
      return (nil, state.nextWaiter)
    }
    for connection in closed { connection.stream.shutDown() }
    closed.removeAll()
    if let lease = first.lease { return lease }
    guard let id = first.waiter else { return .dial }
    return try wait(id, key: key, fresh: fresh, wake: wake, signal: signal, deadline: deadline, total: total)
  }

  private func wait(
    _ id: UInt64, key: Key, fresh: Bool, wake: WakePipe, signal: DispatchSemaphore,
    deadline: ContinuousClock.Instant, total: Duration
  ) throws(TransportFailure) -> Lease {
    while true {
      _ = signal.wait(timeout: .now() + PendingExchange.interval(ContinuousClock.now.duration(to: deadline)))
      let isCancelled = wake.isWoken
      let isLate = ContinuousClock.now >= deadline
      var dropped: PooledConnection?
      let (outcome, wakes): (Lease?, DispatchSemaphore?) = state.withLock { state in
        var origin = state.origins[key, default: Origin()]
        defer { state.origins[key] = origin }
        guard let index = origin.waiters.firstIndex(where: { $0.id == id }) else {
          origin.open += 1  // cannot happen: only this thread removes its entry
          return (.dial, nil)
        }
        let grant = origin.waiters[index].grant
        guard grant != nil || isCancelled || isLate else { return (nil, nil) }
        origin.waiters.remove(at: index)
        if isCancelled || isLate {
          // Whatever was granted meanwhile goes to the next in line.
          switch grant {
          case .connection(let connection): return (nil, Self.hand(connection, in: &origin, now: .now))
          case .dial:
            origin.open -= 1
            return (nil, self.freeSlot(in: &origin))
          case nil: return (nil, nil)
          }
        }
        switch grant {
        case .connection(let connection) where fresh:
          // A retry or a write needs a new connection: this one closes, and its place is the new one's.
          dropped = connection
          return (.dial, nil)
        case .connection(let connection):
          state.statistics.reused += 1
          return (.pooled(connection), nil)
        case .dial, nil:
          return (.dial, nil)
        }
      }
      wakes?.signal()
      _ = dropped
      if let outcome { return outcome }
      if isCancelled { throw .cancelled }
      if isLate { throw .deadlineExceeded(total: total) }
    }
  }

  /// Gives back a connection an exchange used: kept for the next request when `reusable`, else closed
  /// (saying goodbye to TLS first when its last answer was whole, `cleanly`). `session` (the TLS session
  /// the server granted on it) is kept for the origin's next connection.
  func release(_ connection: PooledConnection, reusable: Bool, cleanly: Bool = false, session: TLSSession? = nil) {
    if !reusable, cleanly { connection.stream.shutDown() }
    let wakes: DispatchSemaphore? = state.withLock { state in
      var origin = state.origins[connection.key, default: Origin()]
      defer { state.origins[connection.key] = origin }
      if let session { origin.session = session }
      if reusable {
        let wakes = Self.hand(connection, in: &origin, now: .now)
        state.origins[connection.key] = origin
        scheduleSweep(&state)
        return wakes
      }
      origin.open -= 1
      return freeSlot(in: &origin)
    }
    wakes?.signal()
  }

  /// An exchange that was given room (``Lease/dial``) could not open its connection.
  func openFailed(_ key: Key) {
    let wakes: DispatchSemaphore? = state.withLock { state in
      var origin = state.origins[key, default: Origin()]
      defer { state.origins[key] = origin }
      origin.open -= 1
      return freeSlot(in: &origin)
    }
    wakes?.signal()
  }

  /// Counts a connection an exchange opened itself (and whether its TLS handshake resumed a session).
  func opened(resumed: Bool) {
    state.withLock { state in
      state.statistics.opened += 1
      if resumed { state.statistics.resumed += 1 }
    }
  }

  /// Opens connections to `key`'s origin ahead of need, on threads of their own, until `count` of them
  /// (at most ``limit``) are open or being opened; each goes to a waiting request, or waits idle for one.
  /// `open` opens one (it is handed the origin's TLS session); a failure is dropped (the request that
  /// needs a connection later opens its own and hears why).
  func connectEarly(
    _ key: Key, count: Int, open: @escaping @Sendable (TLSSession?) throws(TransportFailure) -> PooledConnection
  ) {
    let (started, session): (Int, TLSSession?) = state.withLock { state in
      var origin = state.origins[key, default: Origin()]
      defer { state.origins[key] = origin }
      let more = max(0, min(count, limit) - origin.open)
      origin.open += more
      origin.early += more
      return (more, origin.session)
    }
    for _ in 0..<started {
      let running = DetachedThread.start(stackBytes: SocketTransport.threadStackBytes) { [self] in
        earlyConnectionEnded(key, Result { () throws(TransportFailure) in try open(session) })
      }
      if !running { earlyConnectionEnded(key, .failure(.other("the system refused a thread"))) }
    }
  }

  /// Blocks until no connection is being opened early (or `timeout` passes); `true` when none is. For
  /// tests and benchmarks that count connections once the early ones have landed.
  func waitForEarlyConnections(timeout: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let settled = state.withLock { state in
      if !state.isOpeningEarly { return true }
      state.settledWaiters.append(semaphore)
      return false
    }
    return settled || semaphore.wait(timeout: .now() + PendingExchange.interval(timeout)) == .success
  }

  private func earlyConnectionEnded(_ key: Key, _ result: Result<PooledConnection, TransportFailure>) {
    defer {
      let settled = state.withLock { state in
        guard !state.isOpeningEarly else { return [DispatchSemaphore]() }
        defer { state.settledWaiters = [] }
        return state.settledWaiters
      }
      for waiter in settled { waiter.signal() }
    }
    let wakes: DispatchSemaphore? = state.withLock { state in
      var origin = state.origins[key, default: Origin()]
      defer { state.origins[key] = origin }
      origin.early -= 1
      switch result {
      case .success(let connection):
        state.statistics.opened += 1
        if connection.stream.isResumed { state.statistics.resumed += 1 }
        let wakes = Self.hand(connection, in: &origin, now: .now)
        state.origins[key] = origin
        scheduleSweep(&state)
        return wakes
      case .failure:
        origin.open -= 1
        return freeSlot(in: &origin)
      }
    }
    wakes?.signal()
  }

  /// Closes the connections that waited past ``idleTimeout`` or that their server closed, and comes again
  /// when the next one would outstay it.
  private func sweep() {
    var closed: [PooledConnection] = []
    state.withLock { state in
      let now = ContinuousClock.now
      for key in Array(state.origins.keys) {
        guard var origin = state.origins[key] else { continue }
        let before = closed.count
        origin.idle.removeAll { entry in
          guard entry.since.duration(to: now) >= idleTimeout || !entry.connection.stream.isIdleAndOpen else {
            return false
          }
          closed.append(entry.connection)
          return true
        }
        origin.open -= closed.count - before
        state.origins[key] = origin
      }
      state.sweepScheduled = false
      scheduleSweep(&state)
    }
    for connection in closed { connection.stream.shutDown() }
    closed.removeAll()
  }

  /// Makes sure a sweep closes the idle connections that outstay ``idleTimeout``: when the oldest would.
  private func scheduleSweep(_ state: inout State) {
    guard !state.sweepScheduled else { return }
    let oldest = state.origins.values.compactMap { $0.idle.map(\.since).min() }.min()
    guard let oldest else { return }
    state.sweepScheduled = true
    let interval = PendingExchange.interval(ContinuousClock.now.duration(to: oldest + idleTimeout))
    DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in self?.sweep() }
  }

  /// Hands `connection` to the first waiter not yet answered, or keeps it idle; returns whom to wake.
  private static func hand(_ connection: PooledConnection, in origin: inout Origin, now: ContinuousClock.Instant)
    -> DispatchSemaphore?
  {
    if let index = origin.waiters.firstIndex(where: { $0.grant == nil }) {
      origin.waiters[index].grant = .connection(connection)
      return origin.waiters[index].signal
    }
    origin.idle.append((connection, now))
    return nil
  }

  /// After a connection closed (``Origin/open`` already lowered): lets the first waiter that no early
  /// connection will serve open its own; returns whom to wake.
  private func freeSlot(in origin: inout Origin) -> DispatchSemaphore? {
    guard origin.open < limit, origin.unansweredWaiters > origin.early,
      let index = origin.waiters.firstIndex(where: { $0.grant == nil })
    else { return nil }
    origin.open += 1
    origin.waiters[index].grant = .dial
    return origin.waiters[index].signal
  }
}
