#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that wakes a thread blocked in `poll`: the waiting side polls ``readEnd`` with its socket
/// (``SocketBounds/wake``), any other thread calls ``wake()`` (a client's cancellation, a test
/// server's stop). Both ends close when the last reference goes, so a late
/// ``wake()`` never writes to a descriptor number that was reused.
///
/// ```swift
/// let pipe = try WakePipe()
/// var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)]
/// pipe.wake()  // from another thread: poll returns, fds[1] is readable
/// ```
package final class WakePipe: Sendable {
  package let readEnd: Int32
  private let writeEnd: Int32

  package init() throws(SocketFailure) {
    guard let ends = PipeEnds() else { throw .system("cannot create a pipe", code: errno) }
    for end in [ends.read, ends.write] { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
    readEnd = ends.read
    writeEnd = ends.write
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Whether ``wake()`` was called (does not wait).
  package var isWoken: Bool {
    var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0
  }

  /// Makes ``readEnd`` readable until ``clear()`` (one byte is enough; a full pipe is already readable).
  package func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Takes back every wake-up so far (``readEnd`` is no longer readable), for a loop that is woken
  /// again and again (the demo server's drainer, each time it is handed a socket) rather than once.
  package func clear() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &scratch, scratch.count) > 0 {}
  }
}
