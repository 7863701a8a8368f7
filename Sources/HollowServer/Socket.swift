#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the server could not start.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
  public var operation: String
  public var code: Int32

  public var description: String {
    "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }

  static func lastError(_ operation: String) -> ServerError {
    ServerError(operation: operation, code: errno)
  }
}

/// Thin wrappers over the POSIX calls the server needs, with deadlines instead of blocking forever.
enum Socket {
  /// A non-blocking listening TCP socket on `host` (IPv4 dotted quad or "localhost") and its real port.
  static func listen(host: String, port: UInt16, backlog: Int32) throws(ServerError) -> (fd: Int32, port: UInt16) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    let numericHost = host == "localhost" ? "127.0.0.1" : host
    guard inet_pton(AF_INET, numericHost, &address.sin_addr) == 1 else {
      throw ServerError(operation: "parsing host \(host)", code: EINVAL)
    }
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .lastError("socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, Glibc.listen(fd, backlog) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
      let error = ServerError.lastError("bind/listen on \(host):\(port)")
      close(fd)
      throw error
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  enum ReadResult: Equatable {
    case bytes(Int)
    case endOfStream
    case timedOut
    case failed
  }

  /// The bytes one read takes at most.
  static let readChunk = 16 * 1024

  /// Reads what is available into `buffer` (appending at most `limit` bytes, straight into its storage),
  /// waiting at most until `deadline`.
  static func read(
    _ fd: Int32, into buffer: inout [UInt8], upTo limit: Int = readChunk, deadline: ContinuousClock.Instant
  ) -> ReadResult {
    guard wait(fd, for: Int16(POLLIN), until: deadline) else { return .timedOut }
    let chunk = max(1, min(limit, readChunk))
    let start = buffer.count
    var count = 0
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    buffer.withUnsafeMutableBytes { bytes in
      count = recv(fd, bytes.baseAddress! + start, chunk, Int32(MSG_DONTWAIT))
    }
    buffer.removeLast(chunk - max(0, count))
    if count > 0 { return .bytes(count) }
    if count < 0, errno == EAGAIN || errno == EINTR { return .bytes(0) }
    return count == 0 ? .endOfStream : .failed
  }

  /// Writes all of `bytes` by `deadline`, however slowly the peer reads; `false` when the peer went away or
  /// the deadline passed. MSG_NOSIGNAL turns a write to a closed peer into EPIPE instead of killing the
  /// process.
  static func write(_ fd: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if count > 0 {
        sent += count
        continue
      }
      guard count < 0 else { return false }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return false }
      default: return false
      }
    }
    return true
  }

  /// Accepts a pending connection: its descriptor and the peer's IPv4 address (network byte order), or nil
  /// when none is pending (or accepting failed; `errno` says why).
  static func accept(_ listener: Int32) -> (fd: Int32, peer: UInt32)? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let fd = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
    }
    guard fd >= 0 else { return nil }
    return (fd, address.sin_addr.s_addr)
  }

  /// Polls `fd` for `events` until `deadline`; `true` when it is ready (or has an error to report).
  static func wait(_ fd: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
    while true {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { return false }
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let result = poll(&entry, 1, milliseconds(remaining))
      if result > 0 { return true }
      if result < 0, errno != EINTR { return true }
    }
  }

  /// Whole milliseconds, rounded up so a short wait is not a busy loop, capped to fit poll's Int32.
  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, millis))
  }
}
