import Foundation

/// The ``HTTPTransport`` for plain `http://` on a POSIX socket: one connection per exchange
/// (`Connection: close`), run on a thread of its own that waits in `poll`.
///
/// It exists because FoundationNetworking spins while it waits for a server (its write readiness
/// source stays armed after the request is sent: ~80% of a core per stalled request). Here a wait is
/// a `poll` bounded by the idle timeout and the deadline, so a server that trickles costs nothing,
/// and cancellation or the deadline wakes the thread through a ``WakePipe`` at once. The body is
/// read into memory only up to the request's limit; a redirect's body is not read at all.
///
/// ```swift
/// let transport = SocketTransport(idle: .seconds(30))
/// let response = try await transport.exchange(request, deadline: .now + .seconds(60), total: .seconds(60))
/// ```
final class SocketTransport: HTTPTransport {
  let idle: Duration

  /// Each exchange's thread mostly waits in `poll`; it needs little stack.
  private static let threadStackBytes = 512 * 1024

  init(idle: Duration) {
    self.idle = idle
  }

  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
  {
    let exchange = SocketExchange(
      request: request, bytes: try HTTPRequestEncoder.encode(request),
      target: try HTTPRequestEncoder.target(of: request.url),
      limits: SocketConnection.Limits(idle: idle, deadline: deadline, total: total), wake: try WakePipe())
    let pending = PendingExchange(abandon: { [wake = exchange.wake] in wake.wake() })
    return try await pending.wait(until: deadline, total: total) {
      let thread = Thread { pending.finish(exchange.run()) }
      thread.stackSize = Self.threadStackBytes
      thread.start()
    }.get()
  }
}
