import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection for HTTP exchanges, owning a socket of the wire layer (``WireSocket``): every wait is a
/// `poll` on the socket and a ``WakePipe``, bounded by the idle timeout and the exchange's deadline, so
/// waiting costs no CPU and a wake-up (cancellation) ends it at once. A pooled connection serves one exchange after
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
    do {
      let fd = try WireSocket.dial(host: host, port: port, SocketBounds(limits, wake: wake))
      return SocketConnection(fd: fd, limits: limits, wake: wake)
    } catch {
      throw TransportFailure(error, total: limits.total)
    }
  }

  /// Writes all of `bytes`, waiting while the peer's window is full.
  func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
    try wire { (bounds) throws(SocketFailure) in try WireSocket.sendAll(fd, bytes[...], bounds) }
  }

  /// Writes what the socket takes of `bytes` now, without waiting (a goodbye before closing).
  func sendWithoutWaiting(_ bytes: ArraySlice<UInt8>) {
    WireSocket.sendWithoutWaiting(fd, bytes)
  }

  /// Reads what has arrived into `scratch` without waiting: the count, 0 at the end of the stream, nil
  /// when nothing is there (or on an error, which the next wait reports).
  func receiveWithoutWaiting(into scratch: inout [UInt8]) -> Int? {
    scratch.withUnsafeMutableBytes { bytes in (try? WireSocket.receiveWithoutWaiting(fd, into: bytes)) ?? nil }
  }

  /// Reads what arrives next into `scratch` (from its start); returns the count, 0 at the end of the stream.
  func receive(into scratch: inout [UInt8]) throws(TransportFailure) -> Int {
    let fd = fd
    return try wire { (bounds) throws(SocketFailure) in
      var result: Result<Int, SocketFailure> = .success(0)
      scratch.withUnsafeMutableBytes { bytes in
        result = Result { () throws(SocketFailure) in try WireSocket.receive(fd, into: bytes, bounds) }
      }
      return try result.get()
    }
  }

  /// Whether the connection can carry another exchange: nothing arrived since the last answer ended (not
  /// the end of the stream, which a server that closed an idle connection sends, nor stray bytes) and no
  /// error is pending. Does not wait.
  var isIdleAndOpen: Bool {
    WireSocket.isIdleAndOpen(fd)
  }

  /// A new wake-up pipe for an exchange.
  static func wakePipe() throws(TransportFailure) -> WakePipe {
    do {
      return try WakePipe()
    } catch {
      throw TransportFailure(error, total: .zero)
    }
  }

  /// Runs a socket call bounded by the current exchange's limits and wake-up pipe.
  private func wire<T>(_ call: (SocketBounds) throws(SocketFailure) -> T) throws(TransportFailure) -> T {
    let (limits, wake) = bounds.current
    do {
      return try call(SocketBounds(limits, wake: wake))
    } catch {
      throw TransportFailure(error, total: limits.total)
    }
  }
}

extension SocketBounds {
  /// An exchange's bounds: its idle timeout, its deadline and its wake-up pipe.
  init(_ limits: SocketConnection.Limits, wake: WakePipe) {
    self.init(deadline: limits.deadline, idle: limits.idle, wake: wake)
  }
}

extension TransportFailure {
  /// What a socket call's failure means to an exchange whose whole deadline is `total`.
  init(_ failure: SocketFailure, total: Duration) {
    switch failure {
    case .deadlinePassed: self = .deadlineExceeded(total: total)
    case .idle: self = .timedOut
    case .woken: self = .cancelled
    case .connectionLost: self = .connectionLost
    case .notConnected: self = .notConnected
    case .hostNotFound: self = .hostNotFound
    case .system(let attempt, code: 0): self = .other(attempt)
    case .system(let attempt, let code): self = .other("\(attempt) (errno \(code))")
    }
  }
}
