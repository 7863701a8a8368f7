import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves one keep-alive connection on the calling thread until the client leaves, a limit
/// is hit, the registry evicts it or the server shuts the socket down.
///
/// Every wait has a deadline: `idleTimeout` for the first byte of the next request, `headerTimeout`
/// from that byte to the end of the head, `bodyTimeout` for the body, `writeTimeout` for a whole
/// answer, and the connection's lifetime for everything. While it waits for the client the
/// connection is evictable (see ``ConnectionRegistry``); while it answers, it is not.
struct Connection {
  let fd: Int32
  let context: ServerContext
  let registry: ConnectionRegistry

  /// How the connection ended: closed by the caller, or answered with an error and to be drained first.
  enum Ending: Equatable {
    case close
    case drain
  }

  private var limits: ServerLimits { context.configuration.limits }

  /// The interim answer to `Expect: 100-continue`.
  private static let continueHead = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  private enum Next {
    /// A request, with the body bytes it holds of the shared budget.
    case request(HTTPRequest, reserved: Int)
    case rejected(status: Int, reason: String)
    case closed
  }

  func serve() -> Ending {
    let end = ContinuousClock.now + limits.maxConnectionLifetime
    var buffer: [UInt8] = []
    var served = 0
    while registry.markWaiting(fd) {
      // The lifetime cuts idle waits short, but a new connection always gets to send its first request.
      switch nextRequest(&buffer, lifetimeEnd: served == 0 ? .now + limits.idleTimeout : end) {
      case .closed:
        return .close
      case .rejected(let status, let reason):
        return reject(status: status, reason: reason)
      case .request(let request, let reserved):
        defer { context.bodyBudget.release(reserved) }
        guard registry.markBusy(fd) else { return .close }
        served += 1
        context.log.record(request)
        let response = context.router.respond(to: request)
        context.faults.delay(until: context.shutdownLatch)
        let keepAlive =
          request.keepsAlive && served < limits.maxRequestsPerConnection && ContinuousClock.now < end
        guard send(response, failure: context.faults.nextFailure(), keepAlive: keepAlive), keepAlive else {
          return .close
        }
      }
    }
    return .close
  }

  private func nextRequest(_ buffer: inout [UInt8], lifetimeEnd: ContinuousClock.Instant) -> Next {
    let idleDeadline = min(ContinuousClock.now + limits.idleTimeout, lifetimeEnd)
    var headDeadline = buffer.isEmpty ? nil : ContinuousClock.now + limits.headerTimeout
    var scanner = HeadScanner(.request)
    while true {
      switch scanner.scan(buffer, maxHeaderBytes: limits.maxHeaderBytes) {
      case .malformedStartLine:
        return .rejected(status: 400, reason: "malformed request line")
      case .tooLarge:
        return .rejected(status: 431, reason: "request head too large")
      case .complete(let headLength):
        return request(head: headLength, in: &buffer)
      case .incomplete:
        switch Socket.read(fd, into: &buffer, deadline: headDeadline ?? idleDeadline) {
        case .bytes(let count):
          if headDeadline == nil, count > 0 { headDeadline = ContinuousClock.now + limits.headerTimeout }
        case .timedOut:
          // Silence between requests just ends the connection; a half-sent head earns a 408.
          return headDeadline == nil ? .closed : .rejected(status: 408, reason: "request head timed out")
        case .endOfStream, .failed:
          return .closed
        }
      }
    }
  }

  /// The request whose head is the first `headLength` bytes of `buffer`, once its body is in too.
  private func request(head headLength: Int, in buffer: inout [UInt8]) -> Next {
    switch RequestParser.parseHead(complete: buffer[0..<headLength]) {
    case .incomplete:
      return .rejected(status: 400, reason: "malformed request head")
    case .rejected(let status, let reason):
      return .rejected(status: status, reason: reason)
    case .complete(var request, _, let contentLength, let expectsContinue):
      guard contentLength <= limits.maxBodyBytes else {
        return .rejected(status: 413, reason: "body larger than \(limits.maxBodyBytes) bytes")
      }
      guard context.bodyBudget.reserve(contentLength) else {
        return .rejected(status: 503, reason: "too many uploads at once, try again")
      }
      // Waiting for the body now, which is as evictable as waiting for a head (and tells the census).
      guard registry.markWaiting(fd) else {
        context.bodyBudget.release(contentLength)
        return .closed
      }
      let total = headLength + contentLength
      // Exactly what the request needs: growing by doubling could hold twice the budget.
      buffer.reserveCapacity(total)
      if expectsContinue, buffer.count < total {
        guard Socket.write(fd, Self.continueHead, deadline: ContinuousClock.now + limits.writeTimeout) else {
          context.bodyBudget.release(contentLength)
          return .closed
        }
      }
      let bodyDeadline = ContinuousClock.now + limits.bodyTimeout
      while buffer.count < total {
        let outcome = Socket.read(fd, into: &buffer, upTo: total - buffer.count, deadline: bodyDeadline)
        guard case .bytes = outcome else {
          context.bodyBudget.release(contentLength)
          return outcome == .timedOut ? .rejected(status: 408, reason: "request body timed out") : .closed
        }
      }
      request.body = Array(buffer[headLength..<total])
      buffer.removeFirst(total)
      return .request(request, reserved: contentLength)
    }
  }

  /// Writes `response` (or the failure replacing it); `false` when the connection must close.
  private func send(_ response: HTTPResponse, failure: FailureKind?, keepAlive: Bool) -> Bool {
    let deadline = ContinuousClock.now + limits.writeTimeout
    switch failure {
    case nil:
      return Socket.write(
        fd, response.head(contentLength: response.body.count, keepAlive: keepAlive) + response.body, deadline: deadline)
    case .serverError:
      let failed = HTTPResponse.apiError(-1, "injected server error", status: 500)
      return Socket.write(
        fd, failed.head(contentLength: failed.body.count, keepAlive: keepAlive) + failed.body, deadline: deadline)
    case .droppedConnection:
      return false
    case .truncatedBody:
      let head = response.head(contentLength: response.body.count, keepAlive: false)
      _ = Socket.write(fd, head + response.body.prefix(response.body.count / 2), deadline: deadline)
      return false
    case .malformedJSON:
      let half = Array(response.body.prefix(max(1, response.body.count / 2)))
      return Socket.write(fd, response.head(contentLength: half.count, keepAlive: keepAlive) + half, deadline: deadline)
    }
  }

  /// Answers an unusable request; the caller hands the socket to the ``Drainer``, which reads what the
  /// client still sends before closing: closing with unread input would reset the connection and could
  /// destroy the answer.
  private func reject(status: Int, reason: String) -> Ending {
    let response = HTTPResponse.apiError(-1, reason, status: status)
    let bytes = response.head(contentLength: response.body.count, keepAlive: false) + response.body
    return Socket.write(fd, bytes, deadline: ContinuousClock.now + limits.writeTimeout) ? .drain : .close
  }
}
