#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the client, the demo server and the test servers, on non-blocking TCP sockets:
/// every wait is a `poll` on the socket and (if given) a ``WakePipe``, bounded by ``SocketBounds``, so
/// waiting costs no CPU and a wake-up ends it at once. The caller owns the descriptors.
///
/// ```swift
/// let fd = try WireSocket.dial(host: "127.0.0.1", port: 8080, SocketBounds(deadline: .now + .seconds(5)))
/// defer { close(fd) }
/// try WireSocket.sendAll(fd, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)[...], bounds)
/// var buffer: [UInt8] = []
/// let count = try WireSocket.receive(fd, appendingTo: &buffer, bounds)  // 0 at the end of the stream
/// ```
package enum WireSocket {
  /// The bytes one read takes at most.
  package static let readChunk = 16 * 1024

  // MARK: Opening

  /// Resolves `host` and connects to the first address that accepts; the socket is non-blocking,
  /// close-on-exec, without Nagle's delay. With `source` (an IPv4 address), the connection leaves from it
  /// (a test's second loopback peer, 127.0.0.2).
  package static func dial(host: String, port: Int, from source: String? = nil, _ bounds: SocketBounds)
    throws(SocketFailure) -> Int32
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
      if resolved == EAI_SYSTEM || resolved == EAI_MEMORY { throw .system("cannot resolve the host name", code: 0) }
      throw .hostNotFound
    }
    defer { freeaddrinfo(first) }
    var failure = SocketFailure.notConnected
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      do {
        return try dial(address.pointee, from: source, bounds)
      } catch .notConnected {
        continue
      } catch {
        failure = error
        break
      }
    }
    throw failure
  }

  private static func dial(_ address: addrinfo, from source: String?, _ bounds: SocketBounds)
    throws(SocketFailure) -> Int32
  {
    let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    guard fd >= 0 else { throw .system("cannot create a socket", code: errno) }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      let bound =
        inet_pton(AF_INET, source, &local.sin_addr) == 1
        && withUnsafePointer(to: &local) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        } == 0
      guard bound else {
        let code = errno
        close(fd)
        throw .system("cannot bind to \(source)", code: code)
      }
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    var yes: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    do throws(SocketFailure) {
      if connect(fd, address.ai_addr, address.ai_addrlen) != 0 {
        guard errno == EINPROGRESS || errno == EINTR else { throw .notConnected }
        try wait(fd, for: Int16(POLLOUT), bounds)
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { throw .notConnected }
      }
      return fd
    } catch {
      close(fd)
      throw error
    }
  }

  /// A listening TCP socket on `host` (an IPv4 dotted quad or "localhost"; port 0 lets the system
  /// pick) and its real port. Non-blocking unless `blocking` (a test server's accept loop).
  package static func listen(host: String, port: UInt16, backlog: Int32, blocking: Bool = false)
    throws(SocketFailure) -> (fd: Int32, port: UInt16)
  {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    let numericHost = host == "localhost" ? "127.0.0.1" : host
    guard inet_pton(AF_INET, numericHost, &address.sin_addr) == 1 else {
      throw .system("parsing host \(host)", code: EINVAL)
    }
    #if canImport(Darwin)
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard fd >= 0 else { throw .system("socket", code: errno) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    #if canImport(Darwin)
    let listening = bound == 0 && Darwin.listen(fd, backlog) == 0
    #else
    let listening = bound == 0 && Glibc.listen(fd, backlog) == 0
    #endif
    guard listening, blocking || fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
      let code = errno
      close(fd)
      throw .system("bind/listen on \(host):\(port)", code: code)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// Accepts a pending connection: its descriptor (close-on-exec) and the peer's IPv4 address (network
  /// byte order), or nil when none is pending (or accepting failed; `errno` says why).
  package static func accept(_ listener: Int32) -> (fd: Int32, peer: UInt32)? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let fd = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Darwin)
        Darwin.accept(listener, $0, &length)
        #else
        Glibc.accept(listener, $0, &length)
        #endif
      }
    }
    guard fd >= 0 else { return nil }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return (fd, address.sin_addr.s_addr)
  }

  // MARK: Moving bytes

  /// Writes all of `bytes`, waiting while the peer's window is full.
  package static func sendAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, _ bounds: SocketBounds) throws(SocketFailure) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(fd, buffer.baseAddress! + sent, buffer.count - sent, sendFlags | Int32(MSG_DONTWAIT))
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        try wait(fd, for: Int16(POLLOUT), bounds)
      } else {
        throw .connectionLost
      }
    }
  }

  /// Writes what the socket takes of `bytes` now, without waiting (a goodbye before closing); the count
  /// written, or -1 (`errno` says why).
  @discardableResult
  package static func sendWithoutWaiting(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBytes { buffer in
      send(fd, buffer.baseAddress, buffer.count, sendFlags | Int32(MSG_DONTWAIT))
    }
  }

  /// Closes `fd` with a reset (RST) instead of an orderly end, as a peer that crashed does: unread bytes
  /// and bytes in flight are dropped (the test peers' hostile ending).
  package static func closeWithReset(_ fd: Int32) {
    var option = linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    close(fd)
  }

  /// Reads what arrives next into `buffer` (from its start); the count, 0 at the end of the stream.
  package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, _ bounds: SocketBounds)
    throws(SocketFailure) -> Int
  {
    while true {
      if let count = try receiveWithoutWaiting(fd, into: buffer) { return count }
      try wait(fd, for: Int16(POLLIN), bounds)
    }
  }

  /// Reads what arrives next, appending at most `limit` bytes to `buffer` (straight into its storage);
  /// the count, 0 at the end of the stream.
  package static func receive(
    _ fd: Int32, appendingTo buffer: inout [UInt8], upTo limit: Int = readChunk, _ bounds: SocketBounds
  ) throws(SocketFailure) -> Int {
    let chunk = max(1, min(limit, readChunk))
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    var result: Result<Int, SocketFailure> = .success(0)
    buffer.withUnsafeMutableBytes { bytes in
      let space = UnsafeMutableRawBufferPointer(rebasing: bytes[start...])
      result = Result { () throws(SocketFailure) in try receive(fd, into: space, bounds) }
    }
    buffer.removeLast(chunk - ((try? result.get()) ?? 0))
    return try result.get()
  }

  /// Reads what has arrived without waiting: the count, 0 at the end of the stream, nil when nothing
  /// is there yet.
  package static func receiveWithoutWaiting(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SocketFailure) -> Int?
  {
    let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
    if count >= 0 { return count }
    guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .connectionLost }
    return nil
  }

  /// Whether a connection between two messages can carry another: nothing arrived (not the end of the
  /// stream, which a peer that closed an idle connection sends, nor stray bytes) and no error is
  /// pending. Does not wait.
  package static func isIdleAndOpen(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
  }

  // MARK: Waiting

  /// Blocks in `poll` until `fd` is ready for `events` (or has an error for the next call to report);
  /// throws when the deadline passes, nothing happens for the idle timeout, or the wake pipe wakes.
  package static func wait(_ fd: Int32, for events: Int16, _ bounds: SocketBounds) throws(SocketFailure) {
    _ = try wait(anyOf: [fd], for: events, bounds)
  }

  /// Blocks in one `poll` until at least one of `fds` is ready for `events` (or has an error) and returns
  /// what each reported (`revents`, 0 for a descriptor that is not ready); the bounds as for a single
  /// descriptor. With no descriptors, it waits for the bounds alone: the wake pipe or the deadline.
  /// A relay between two sockets and the demo server's drainer wait on many descriptors this way.
  package static func wait(anyOf fds: [Int32], for events: Int16, _ bounds: SocketBounds) throws(SocketFailure)
    -> [Int16]
  {
    var entries = fds.map { pollfd(fd: $0, events: events, revents: 0) }
    if let wake = bounds.wake { entries.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)) }
    while true {
      let now = ContinuousClock.now
      var remaining: Duration?
      if let deadline = bounds.deadline {
        guard now < deadline else { throw .deadlinePassed }
        remaining = now.duration(to: deadline)
      }
      let isIdleBound = bounds.idle.map { idle in remaining.map { idle < $0 } ?? true } ?? false
      let timeout = isIdleBound ? bounds.idle : remaining
      for index in entries.indices { entries[index].revents = 0 }
      let result = poll(&entries, nfds_t(entries.count), timeout.map(milliseconds) ?? -1)
      if result < 0 {
        guard errno == EINTR else { throw .system("poll failed", code: errno) }
        continue
      }
      if bounds.wake != nil, entries[fds.count].revents != 0 { throw .woken }
      if entries[..<fds.count].contains(where: { $0.revents != 0 }) { return entries[..<fds.count].map(\.revents) }
      if result == 0, isIdleBound { throw .idle }
    }
  }

  /// Whole milliseconds, rounded up so a short wait is not a busy loop, capped to fit `poll`'s Int32.
  package static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, millis))
  }

  #if canImport(Darwin)
  package static let sendFlags: Int32 = 0
  #else
  /// A write to a closed peer becomes EPIPE instead of killing the process.
  package static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif
}
