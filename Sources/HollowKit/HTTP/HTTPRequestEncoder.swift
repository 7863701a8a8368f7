import HollowWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes an ``HTTPClientRequest`` as HTTP/1.1 bytes for ``SocketTransport``, refusing what could
/// smuggle a second request: a header name that is not a token, or a value with CR, LF or NUL (a
/// token pasted with its line break, say); and a path with a `.` or `..` segment, which would reach
/// another resource than the one named.
///
/// The client sets `Host`, `Accept-Encoding` (gzip, which ``ContentDecoding`` undoes) and
/// `Content-Length` itself and keeps the connection open (HTTP/1.1's default: no `Connection` field)
/// for ``ConnectionPool``; the request's own fields of those names, and its `Connection`, are dropped.
///
/// ```swift
/// let bytes = try HTTPRequestEncoder.encode(HTTPClientRequest(method: .get, url: URL(string: "http://127.0.0.1:8080/v3/x?a=1")!))
/// // "GET /v3/x?a=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept-Encoding: gzip\r\n\r\n"
/// ```
enum HTTPRequestEncoder {
  /// Where a request goes: the host to resolve and its port.
  struct Target: Hashable, Sendable {
    var host: String
    var port: Int
  }

  private static let controlledFields: Set<String> = [
    "host", "connection", "content-length", "transfer-encoding", "proxy-authorization", "accept-encoding",
  ]

  /// `host:port`, the host bracketed when it is an IPv6 address: a CONNECT target, or a Host field.
  static func authority(_ target: Target) -> String {
    bracketed(target.host) + ":\(target.port)"
  }

  private static func bracketed(_ host: String) -> String {
    host.contains(":") ? "[\(host)]" : host
  }

  /// The host and port `url` names (a missing port is the scheme's: 80 or 443).
  static func target(of url: URL) throws(TransportFailure) -> Target {
    guard let host = url.host, !host.isEmpty else { throw .invalidRequest("the address has no host") }
    let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let port = url.port ?? HTTPOrigin.defaultPort(url.scheme?.lowercased() ?? "") ?? 80
    guard (1...65535).contains(port) else { throw .invalidRequest("the port \(port) is out of range") }
    return Target(host: unbracketed, port: port)
  }

  /// Whether a percent-encoded path has a `.` or `..` segment (`%2E` counts as `.`, RFC 3986 §2.3),
  /// which a server resolves to another place than the one asked for: an image path `../v3/...`
  /// from a hostile post would reach the API. The client never sends one (a relative redirect's
  /// `Location` is resolved without them).
  static func hasDotSegment(_ percentEncodedPath: String) -> Bool {
    percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
      let decoded = segment.lowercased().replacing("%2e", with: ".")
      return decoded == "." || decoded == ".."
    }
  }

  /// Throws ``TransportFailure/invalidRequest(_:)`` for a header that could end the head early: a
  /// name that is not a token, or a value with CR, LF or NUL. Every transport's requests pass here.
  static func validateHeaders(of request: HTTPClientRequest) throws(TransportFailure) {
    for (name, value) in request.headers {
      do {
        try HTTPHeadWriter.check(name: name, value: value)
      } catch {
        throw TransportFailure(error)
      }
    }
  }

  /// The request's bytes. `proxy` (plain http through a proxy) makes the request line absolute-form,
  /// `GET http://host:port/path HTTP/1.1`, and adds the proxy's `Proxy-Authorization`.
  static func encode(_ request: HTTPClientRequest, proxy: HTTPProxy? = nil) throws(TransportFailure) -> [UInt8] {
    let target = try target(of: request.url)
    guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
      throw .invalidRequest("the address is not a valid URL")
    }
    var path = components.percentEncodedPath
    guard !hasDotSegment(path) else {
      throw .invalidRequest("the address's path has a '.' or '..' segment")
    }
    if path.isEmpty { path = "/" }
    if let query = components.percentEncodedQuery { path += "?" + query }
    let scheme = request.url.scheme?.lowercased() ?? "http"
    let hostField = target.port == HTTPOrigin.defaultPort(scheme) ? bracketed(target.host) : authority(target)
    if proxy != nil { path = "\(scheme)://\(hostField)\(path)" }
    var fields = [(name: "Host", value: hostField), (name: "Accept-Encoding", value: ContentDecoding.accepted)]
    if let authorization = proxy?.authorization { fields.append(("Proxy-Authorization", authorization)) }
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
    where !controlledFields.contains(name.lowercased()) {
      fields.append((name, value))
    }
    if let body = request.body {
      fields.append(("Content-Length", String(body.count)))
    } else if request.method == .post {
      fields.append(("Content-Length", "0"))
    }
    try validateHeaders(of: request)
    do {
      let head = try HTTPHeadWriter.request(method: request.method.rawValue, target: path, fields: fields)
      return head + (request.body.map(Array.init) ?? [])
    } catch {
      throw TransportFailure(error)
    }
  }
}

extension TransportFailure {
  /// A request field the wire layer refuses to write.
  init(_ problem: HTTPHeadWriter.FieldProblem) {
    switch problem {
    case .invalidName: self = .invalidRequest("a header name is empty or has characters HTTP does not allow")
    case .lineBreakInValue(let name): self = .invalidRequest("the \(name) header contains a line break")
    }
  }
}
