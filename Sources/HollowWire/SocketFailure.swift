/// Why a ``WireSocket`` call did not complete: the one vocabulary of the client's and the demo
/// server's socket waits, which each side turns into its own errors (HollowKit's `TransportFailure`,
/// the server's closed connection or 408).
///
/// ```swift
/// do { try WireSocket.sendAll(fd, bytes[...], bounds) } catch .deadlinePassed { /* give up */ } catch { ... }
/// ```
package enum SocketFailure: Error, Sendable, Equatable {
  /// The deadline passed before the socket was ready.
  case deadlinePassed
  /// Nothing happened for the idle timeout.
  case idle
  /// The ``WakePipe`` was woken (a cancellation, a shutdown).
  case woken
  /// The peer went away (reset, or a write to a closed connection).
  case connectionLost
  /// No address of the host accepted the connection.
  case notConnected
  /// The host name does not resolve.
  case hostNotFound
  /// A system call failed: what was attempted, and `errno` (0 when there is none).
  case system(String, code: Int32)
}
