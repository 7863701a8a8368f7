/// Why an HTTP exchange produced no response at all.
///
/// ```swift
/// do { _ = try await http.send(request) } catch .cancelled { return } catch { print(error) }
/// ```
public enum TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server could not be reached (refused, unknown host, offline).
  case notConnected
  /// The connection closed before a complete response arrived.
  case connectionLost
  /// No response within the configured timeout.
  case timedOut
  /// The request was cancelled, usually because its Swift task was.
  case cancelled
  /// Any other failure, with the system's description.
  case other(String)

  public var description: String {
    switch self {
    case .notConnected: "cannot connect to the server"
    case .connectionLost: "the connection was lost before the answer arrived"
    case .timedOut: "the request timed out"
    case .cancelled: "the request was cancelled"
    case .other(let reason): "network failure: \(reason)"
    }
  }
}
