import HollowWire

/// A listening TCP socket on 127.0.0.1 at a port the system picks: what every hand-made test
/// server starts from (the wire layer's ``WireSocket/listen(host:port:backlog:blocking:)``, blocking,
/// for an accept loop on a thread of its own).
///
/// ```swift
/// let listener = try LoopbackListener(backlog: 128)
/// print("http://127.0.0.1:\(listener.port)")  // accept(listener.fd, nil, nil) on a thread of its own
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
}
