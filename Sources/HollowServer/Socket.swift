import HollowWire

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

extension ServerError {
  /// A wire-layer failure while starting: what was attempted and `errno`.
  init(_ failure: SocketFailure) {
    switch failure {
    case .system(let operation, let code): self.init(operation: operation, code: code)
    default: self.init(operation: "start", code: EIO)
    }
  }
}

/// A connection's reads and writes as ``Connection`` and the server's answers need them: the wire
/// layer's (``WireSocket``), with a deadline and no wake pipe (shutting the socket down ends a wait).
enum Socket {
  enum ReadResult: Equatable {
    case bytes(Int)
    case endOfStream
    case timedOut
    case failed
  }

  /// Reads what arrives next into `buffer` (appending at most `limit` bytes, straight into its storage),
  /// waiting at most until `deadline`.
  static func read(
    _ fd: Int32, into buffer: inout [UInt8], upTo limit: Int = WireSocket.readChunk,
    deadline: ContinuousClock.Instant
  ) -> ReadResult {
    do throws(SocketFailure) {
      let count = try WireSocket.receive(fd, appendingTo: &buffer, upTo: limit, SocketBounds(deadline: deadline))
      return count > 0 ? .bytes(count) : .endOfStream
    } catch .deadlinePassed {
      return .timedOut
    } catch {
      return .failed
    }
  }

  /// Writes all of `bytes` by `deadline`, however slowly the peer reads; `false` when the peer went away or
  /// the deadline passed.
  static func write(_ fd: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
    (try? WireSocket.sendAll(fd, bytes[...], SocketBounds(deadline: deadline))) != nil
  }
}
