import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that turns readable for good when the server stops: every poll of the server watches it.
final class StopPipe: Sendable {
  let readEnd: Int32
  private let writeEnd: Int32
  private let stopped = Atomic<Bool>(false)

  init() throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Blocks until `fd` is readable; false once the server stops.
  func waitReadable(_ fd: Int32) -> Bool {
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let result = poll(&fds, 2, -1)
      if result < 0, errno == EINTR { continue }
      return result > 0 && fds[1].revents == 0
    }
  }

  /// Waits `duration` (the pace of a trickle); true when the server stopped meanwhile.
  func wait(_ duration: Duration) -> Bool {
    var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
    let milliseconds = Int32(
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    _ = poll(&fds, 1, max(1, milliseconds))
    return isStopped
  }
}
