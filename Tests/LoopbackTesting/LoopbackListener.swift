import Foundation

/// A listening TCP socket on 127.0.0.1 at a port the system picks: what every hand-made test
/// server starts from.
///
/// ```swift
/// let listener = try LoopbackListener(backlog: 128)
/// print("http://127.0.0.1:\(listener.port)")  // accept(listener.fd, nil, nil) on a thread of its own
/// ```
public struct LoopbackListener: Sendable {
  /// The listening socket (close-on-exec); its owner closes it.
  public let fd: Int32
  public let port: UInt16

  public init(backlog: Int32) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.fd = fd
    port = UInt16(bigEndian: actual.sin_port)
  }
}
