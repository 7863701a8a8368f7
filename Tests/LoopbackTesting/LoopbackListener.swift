import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 at a port the system picks: what every hand-made test
/// server starts from (the wire layer's ``WireSocket/listen(host:port:backlog:blocking:)``), with the
/// one accept loop they all run (``acceptEach(until:_:)``).
///
/// ```swift
/// let listener = try LoopbackListener(backlog: 128)
/// try listener.acceptEach(until: stop) { connection, number in serve(connection) }
/// print("http://127.0.0.1:\(listener.port)")
/// ```
public struct LoopbackListener: Sendable {
  /// The listening socket (close-on-exec); its owner closes it.
  public let fd: Int32
  public let port: UInt16

  /// Why the socket could not listen.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public init(backlog: Int32) throws {
    do throws(SocketFailure) {
      (fd, port) = try WireSocket.listen(host: "127.0.0.1", port: 0, backlog: backlog, blocking: true)
    } catch {
      throw Failure(description: "cannot listen on 127.0.0.1: \(error)")
    }
  }

  /// Accepts connections on a thread of its own until `stop` wakes, handing each to `serve` (with its
  /// number, 1 for the first) on a thread of its own; the listening socket is closed when the loop ends.
  /// `serve` owns the connection.
  package func acceptEach(
    until stop: WakePipe, _ serve: @escaping @Sendable (_ connection: Int32, _ number: Int) -> Void
  ) throws {
    let fd = self.fd
    let started = DetachedThread.start(stackBytes: 256 * 1024) {
      defer { close(fd) }
      var number = 0
      while (try? WireSocket.wait(fd, for: Int16(POLLIN), SocketBounds(wake: stop))) != nil {
        guard let (connection, _) = WireSocket.accept(fd) else { continue }
        number += 1
        let accepted = number
        // A TLS handshake (OpenSSL) wants more than a small stack.
        guard DetachedThread.start(stackBytes: 1 << 20, { serve(connection, accepted) }) else {
          close(connection)
          continue
        }
      }
    }
    guard started else {
      close(fd)
      throw Failure(description: "no thread for the accept loop")
    }
  }
}
