#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection for HTTP exchanges, on a non-blocking socket: every wait is a `poll` on the
/// socket and a ``WakePipe``, bounded by the idle timeout and the exchange's deadline, so waiting costs
/// no CPU and a wake-up (cancellation) ends it at once. A pooled connection serves one exchange after
/// another: each sets its own limits and wake-up pipe (``WaitBounds``) before it uses the connection.
///
/// ```swift
/// let connection = try SocketConnection.dial(host: "127.0.0.1", port: 8080, limits: limits, wake: pipe)
/// try connection.sendAll(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
/// var scratch = [UInt8](repeating: 0, count: 65536)
/// let count = try connection.receive(into: &scratch)  // 0 at the end of the stream; closed on deinit
/// ```
struct SocketConnection: ~Copyable, ByteStream {
  /// How long the connection may wait.
  struct Limits: Sendable {
    var idle: Duration
    var deadline: ContinuousClock.Instant
    /// Reported by ``TransportFailure/deadlineExceeded(total:)``.
    var total: Duration
  }

  private let fd: Int32
  /// The current exchange's limits and wake-up pipe.
  let bounds: WaitBounds

  private init(fd: Int32, limits: Limits, wake: WakePipe) {
    self.fd = fd
    bounds = WaitBounds(limits, wake: wake)
  }

  deinit {
    close(fd)
  }

  /// Resolves `host` and connects to the first address that accepts.
  static func dial(host: String, port: Int, limits: Limits, wake: WakePipe) throws(TransportFailure)
    -> SocketConnection
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
      if resolved == EAI_SYSTEM || resolved == EAI_MEMORY { throw .other("cannot resolve the host name") }
      throw .hostNotFound
    }
    defer { freeaddrinfo(first) }
    var failure = TransportFailure.notConnected
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      do {
        return try dial(address.pointee, limits: limits, wake: wake)
      } catch .notConnected {
        continue
      } catch {
        failure = error
        break
      }
    }
    throw failure
  }

  private static func dial(_ address: addrinfo, limits: Limits, wake: WakePipe) throws(TransportFailure)
    -> SocketConnection
  {
    let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    guard fd >= 0 else { throw .other("cannot create a socket (errno \(errno))") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    var yes: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let connection = SocketConnection(fd: fd, limits: limits, wake: wake)
    if connect(fd, address.ai_addr, address.ai_addrlen) != 0 {
      guard errno == EINPROGRESS || errno == EINTR else { throw .notConnected }
      try connection.wait(for: Int16(POLLOUT))
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { throw .notConnected }
    }
    return connection
  }

  /// Writes all of `bytes`, waiting while the peer's window is full.
  func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(fd, buffer.baseAddress! + sent, buffer.count - sent, Self.sendFlags)
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        try wait(for: Int16(POLLOUT))
      } else {
        throw .connectionLost
      }
    }
  }

  /// Writes what the socket takes of `bytes` now, without waiting (a goodbye before closing).
  func sendWithoutWaiting(_ bytes: ArraySlice<UInt8>) {
    _ = bytes.withUnsafeBytes { buffer in
      send(fd, buffer.baseAddress, buffer.count, Self.sendFlags | Int32(MSG_DONTWAIT))
    }
  }

  /// Reads what has arrived into `scratch` without waiting: the count, 0 at the end of the stream, nil
  /// when nothing is there (or on an error, which the next wait reports).
  func receiveWithoutWaiting(into scratch: inout [UInt8]) -> Int? {
    let count = scratch.withUnsafeMutableBytes { bytes in recv(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT))
    }
    return count >= 0 ? count : nil
  }

  /// Reads what arrives next into `scratch` (from its start); returns the count, 0 at the end of the stream.
  func receive(into scratch: inout [UInt8]) throws(TransportFailure) -> Int {
    while true {
      let count = scratch.withUnsafeMutableBytes { bytes in recv(fd, bytes.baseAddress, bytes.count, 0) }
      if count >= 0 { return count }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .connectionLost }
      try wait(for: Int16(POLLIN))
    }
  }

  /// Whether the connection can carry another exchange: nothing arrived since the last answer ended (not
  /// the end of the stream, which a server that closed an idle connection sends, nor stray bytes) and no
  /// error is pending. Does not wait.
  var isIdleAndOpen: Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
  }

  /// Blocks in `poll` until the socket is ready for `events`; throws on timeout or wake-up.
  private func wait(for events: Int16) throws(TransportFailure) {
    let (limits, wake) = bounds.current
    while true {
      let now = ContinuousClock.now
      guard now < limits.deadline else { throw .deadlineExceeded(total: limits.total) }
      let remaining = now.duration(to: limits.deadline)
      let isIdleBound = limits.idle < remaining
      var fds = [
        pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let result = poll(&fds, nfds_t(fds.count), Self.milliseconds(min(limits.idle, remaining)))
      if result < 0 {
        guard errno == EINTR else { throw .other("poll failed (errno \(errno))") }
        continue
      }
      if fds[1].revents != 0 { throw .cancelled }
      if fds[0].revents != 0 { return }
      if result == 0, isIdleBound { throw .timedOut }
    }
  }

  /// Whole milliseconds, rounded up so a short wait is not a busy loop, capped to fit `poll`'s Int32.
  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, millis))
  }

  #if canImport(Darwin)
  private static let sendFlags: Int32 = 0
  #else
  // A write to a closed peer becomes EPIPE instead of killing the process.
  private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif
}
