#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves one keep-alive connection on the calling thread until the client leaves, a limit
/// is hit or the server shuts the socket down.
///
/// Every wait has a deadline: `idleTimeout` for the first byte of the next request, `headerTimeout`
/// from that byte to the end of the head, `bodyTimeout` for the body, and SO_SNDTIMEO for writes.
struct Connection {
  let fd: Int32
  let context: ServerContext

  private var limits: ServerLimits { context.configuration.limits }

  /// The interim answer to `Expect: 100-continue`.
  private static let continueHead = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  private enum Next {
    case request(HTTPRequest)
    case rejected(status: Int, reason: String)
    case closed
  }

  func serve() {
    Socket.setSendTimeout(fd, limits.writeTimeout)
    var buffer: [UInt8] = []
    while true {
      switch nextRequest(&buffer) {
      case .closed:
        return
      case .rejected(let status, let reason):
        reject(status: status, reason: reason)
        return
      case .request(let request):
        context.log.record(request)
        let response = context.router.respond(to: request)
        context.faults.delay(until: context.shutdownLatch)
        let keepAlive = request.keepsAlive
        guard send(response, failure: context.faults.nextFailure(), keepAlive: keepAlive), keepAlive else { return }
      }
    }
  }

  private func nextRequest(_ buffer: inout [UInt8]) -> Next {
    let idleDeadline = ContinuousClock.now + limits.idleTimeout
    var headDeadline = buffer.isEmpty ? nil : ContinuousClock.now + limits.headerTimeout
    while true {
      switch RequestParser.parseHead(buffer, maxHeaderBytes: limits.maxHeaderBytes) {
      case .rejected(let status, let reason):
        return .rejected(status: status, reason: reason)
      case .complete(var request, let headLength, let contentLength, let expectsContinue):
        guard contentLength <= limits.maxBodyBytes else {
          return .rejected(status: 413, reason: "body larger than \(limits.maxBodyBytes) bytes")
        }
        let total = headLength + contentLength
        if expectsContinue, buffer.count < total {
          guard Socket.write(fd, Self.continueHead) else { return .closed }
        }
        let bodyDeadline = ContinuousClock.now + limits.bodyTimeout
        while buffer.count < total {
          switch Socket.read(fd, into: &buffer, deadline: bodyDeadline) {
          case .bytes: continue
          case .timedOut: return .rejected(status: 408, reason: "request body timed out")
          case .endOfStream, .failed: return .closed
          }
        }
        request.body = Array(buffer[headLength..<total])
        buffer.removeFirst(total)
        return .request(request)
      case .incomplete:
        switch Socket.read(fd, into: &buffer, deadline: headDeadline ?? idleDeadline) {
        case .bytes:
          if headDeadline == nil { headDeadline = ContinuousClock.now + limits.headerTimeout }
        case .timedOut:
          // Silence between requests just ends the connection; a half-sent head earns a 408.
          return headDeadline == nil ? .closed : .rejected(status: 408, reason: "request head timed out")
        case .endOfStream, .failed:
          return .closed
        }
      }
    }
  }

  /// Writes `response` (or the failure replacing it); `false` when the connection must close.
  private func send(_ response: HTTPResponse, failure: FailureKind?, keepAlive: Bool) -> Bool {
    switch failure {
    case nil:
      return Socket.write(fd, response.head(contentLength: response.body.count, keepAlive: keepAlive) + response.body)
    case .serverError:
      let failed = HTTPResponse.apiError(-1, "injected server error", status: 500)
      return Socket.write(fd, failed.head(contentLength: failed.body.count, keepAlive: keepAlive) + failed.body)
    case .droppedConnection:
      return false
    case .truncatedBody:
      let head = response.head(contentLength: response.body.count, keepAlive: false)
      _ = Socket.write(fd, head + response.body.prefix(response.body.count / 2))
      return false
    case .malformedJSON:
      let half = Array(response.body.prefix(max(1, response.body.count / 2)))
      return Socket.write(fd, response.head(contentLength: half.count, keepAlive: keepAlive) + half)
    }
  }

  /// Answers an unusable request and closes, first reading what the client still sends for a
  /// moment: closing with unread input would reset the connection and could destroy the answer.
  private func reject(status: Int, reason: String) {
    let response = HTTPResponse.apiError(-1, reason, status: status)
    guard Socket.write(fd, response.head(contentLength: response.body.count, keepAlive: false) + response.body) else {
      return
    }
    shutdown(fd, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + .seconds(2)
    var discarded: [UInt8] = []
    while case .bytes = Socket.read(fd, into: &discarded, deadline: deadline) {
      discarded.removeAll(keepingCapacity: true)
    }
  }
}
