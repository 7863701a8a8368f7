import Dispatch
import HollowWire

/// The blocking work of one socket exchange: take a connection from the ``ConnectionPool`` (or open one),
/// send, read the answer through ``HTTPResponseParser``, and give the connection back, kept only when the
/// answer ended cleanly at its own framing.
///
/// A request that fails on a connection the pool handed out, before any byte of its answer arrived (the
/// server closed that connection as the request left), is sent once more on a new connection, but only
/// a GET: a write never goes on a reused connection, so it is never sent twice.
///
/// ```swift
/// SocketExchange(request: request, bytes: bytes, key: key, tls: transport.context, pool: pool, limits: limits,
///   wake: wake, signal: signal).run { outcome, then in pending.finish(outcome, beforeResuming: then) }
/// ```
struct SocketExchange: Sendable {
  let request: HTTPClientRequest
  let bytes: [UInt8]
  let key: ConnectionPool.Key
  /// The TLS context for https, asked for once a new connection's TCP is connected (never for plain http).
  let tls: @Sendable () throws(TransportFailure) -> TLSContext
  let pool: ConnectionPool
  let limits: SocketConnection.Limits
  let wake: WakePipe
  /// Wakes the thread while it waits for the pool (the pool's hand-over, or cancellation).
  let signal: DispatchSemaphore

  /// What one attempt on one connection came to.
  private struct Attempt {
    var outcome: Result<HTTPClientResponse, TransportFailure>
    /// Whether any byte of the answer arrived.
    var answered = false
    /// Whether the connection may carry the next exchange.
    var reusable = false
  }

  /// Runs the exchange and hands its outcome to `deliver`, which calls back with whether it was taken
  /// (false when the caller gave up first: cancelled, or past the deadline) before the caller resumes, so
  /// the connection is back in the pool when the caller's next request looks for one.
  func run(
    deliver: (Result<HTTPClientResponse, TransportFailure>, _ then: (Bool) -> Void) -> Void
  ) {
    var fresh = request.method != .get
    while true {
      let lease: ConnectionPool.Lease
      do {
        lease = try pool.acquire(
          key, fresh: fresh, wake: wake, signal: signal, deadline: limits.deadline, total: limits.total)
      } catch {
        deliver(.failure(error)) { _ in }
        return
      }
      let connection: PooledConnection
      let isReused: Bool
      switch lease {
      case .pooled(let pooled):
        pooled.stream.bounds.set(limits, wake: wake)
        connection = pooled
        isReused = true
      case .dial:
        do {
          connection = try ConnectionOpener.open(
            key, tls: tls, session: key.isSecure ? pool.session(for: key) : nil, limits: limits, wake: wake)
        } catch {
          pool.openFailed(key)
          deliver(.failure(error)) { _ in }
          return
        }
        pool.opened(resumed: connection.stream.isResumed)
        isReused = false
      }
      let attempt = exchange(over: connection.stream)
      switch attempt.outcome {
      case .success(let response):
        let session = connection.stream.resumableSession()
        deliver(.success(response)) { taken in
          pool.release(connection, reusable: taken && attempt.reusable, cleanly: true, session: session)
        }
        return
      case .failure(let failure):
        pool.release(connection, reusable: false)
        if isReused, !fresh, !attempt.answered, failure == .connectionLost {
          fresh = true
          continue
        }
        deliver(.failure(failure)) { _ in }
        return
      }
    }
  }

  private func exchange(over stream: borrowing ConnectionStream) -> Attempt {
    var attempt = Attempt(outcome: .failure(.connectionLost))
    do throws(TransportFailure) {
      var parser = HTTPResponseParser(limit: request.maximumResponseBytes)
      var scratch = [UInt8](repeating: 0, count: 64 * 1024)
      var sentWhole = true
      do {
        try stream.sendAll(bytes)
      } catch .connectionLost {
        // A server may answer (413, say) and close before reading the whole body: read what it said.
        sentWhole = false
      }
      while true {
        let count = try stream.receive(into: &scratch)
        if count == 0 {
          attempt.outcome = .success(try parser.finish())
          break
        }
        attempt.answered = true
        if let response = try parser.consume(scratch[0..<count]) {
          attempt.outcome = .success(response)
          attempt.reusable =
            sentWhole && !parser.leftBodyUnread && !parser.readPastEnd && Self.keepsConnection(response, parser)
          break
        }
      }
      // 407 is the proxy's own answer (RFC 9110): it did not carry the request.
      if case .success(let response) = attempt.outcome, let proxy = key.proxy, !key.isSecure, response.status == 407 {
        attempt.outcome = .failure(.proxyRefused(proxy: proxy.description, status: 407))
        attempt.reusable = false
      }
      // A gzip answer (the request accepts one) is inflated here, on this thread, within the request's limit.
      if case .success(let response) = attempt.outcome {
        attempt.outcome = .success(try ContentDecoding.decode(response, limit: request.maximumResponseBytes))
      }
    } catch {
      attempt.outcome = .failure(error)
      attempt.reusable = false
    }
    return attempt
  }

  /// Whether the server keeps the connection after `response`: HTTP/1.1 unless it said `Connection: close`,
  /// HTTP/1.0 only when it said `keep-alive`.
  static func keepsConnection(_ response: HTTPClientResponse, _ parser: HTTPResponseParser) -> Bool {
    let options = (response.header("Connection") ?? "").lowercased().split(separator: ",").map {
      $0.trimmingWhitespace()
    }
    return parser.isHTTP10 ? options.contains("keep-alive") : !options.contains("close")
  }
}
