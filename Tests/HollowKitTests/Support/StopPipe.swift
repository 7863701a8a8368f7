import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test server's stop: the wire layer's ``WakePipe``, which every wait of the server watches
/// (``WireSocket/wait(_:for:_:)``), so stopping ends each at once.
final class StopPipe: Sendable {
  private let pipe: WakePipe

  /// The pipe itself, for a write that waits for the peer until the server stops.
  var wakePipe: WakePipe { pipe }

  init() throws {
    pipe = try WakePipe()
  }

  var readEnd: Int32 { pipe.readEnd }

  var isStopped: Bool { pipe.isWoken }

  func stop() {
    pipe.wake()
  }

  /// Blocks until `fd` is readable; false once the server stops.
  func waitReadable(_ fd: Int32) -> Bool {
    (try? WireSocket.wait(fd, for: Int16(POLLIN), SocketBounds(wake: pipe))) != nil
  }

  /// Blocks until `fd` can take more bytes; false once the server stops.
  func waitWritable(_ fd: Int32) -> Bool {
    (try? WireSocket.wait(fd, for: Int16(POLLOUT), SocketBounds(wake: pipe))) != nil
  }

  /// Waits `duration` (the pace of a trickle); true when the server stopped meanwhile.
  func wait(_ duration: Duration) -> Bool {
    _ = try? WireSocket.wait(pipe.readEnd, for: Int16(POLLIN), SocketBounds(deadline: .now + duration))
    return isStopped
  }
}
