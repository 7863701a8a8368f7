/// How long a ``NetworkHTTPClient`` waits: for the next bytes, and for a whole exchange.
///
/// The total deadline is enforced by the client itself (a timer that cancels the exchange, and
/// `poll` timeouts on the socket transport), not by `URLSession`'s resource timeout, which does not
/// fire on Linux. Waiting for either costs no CPU.
///
/// ```swift
/// let timeouts = HTTPTimeouts(idle: .seconds(5), total: .seconds(30))
/// ```
public struct HTTPTimeouts: Sendable, Equatable {
  /// The longest wait for the next bytes of an answer (or for the connection).
  public var idle: Duration
  /// The longest a whole request may take, redirects included, however slowly the server sends.
  public var total: Duration

  public init(idle: Duration = .seconds(30), total: Duration = .seconds(60)) {
    self.idle = idle
    self.total = total
  }
}
