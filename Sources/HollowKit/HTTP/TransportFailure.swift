/// Why an HTTP exchange produced no usable response.
///
/// Every case's ``description`` is a sentence for the user: what happened and what to do. None
/// contains a URL's path or query, a header or the token.
///
/// ```swift
/// do { _ = try await http.send(request) } catch .cancelled { return } catch { print(error) }
/// // "the answer is larger than the limit of 16 MiB (the server announced 2000000000 bytes); ..."
/// ```
public enum TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server could not be reached: the connection was refused or the network is down.
  case notConnected
  /// The server's host name does not resolve.
  case hostNotFound
  /// The connection closed before a complete response arrived.
  case connectionLost
  /// The server sent nothing for longer than the idle timeout (``HTTPTimeouts/idle``).
  case timedOut
  /// The whole exchange took longer than `total` (``HTTPTimeouts/total``), however slowly the
  /// server kept sending.
  case deadlineExceeded(total: Duration)
  /// The request was cancelled, usually because its Swift task was.
  case cancelled
  /// The answer is larger than the request accepts (``HTTPClientRequest/maximumResponseBytes``);
  /// `announced` is the server's `Content-Length`, when it sent one. Nothing more was read.
  case tooLarge(limit: Int, announced: Int?)
  /// The server redirected somewhere the client does not follow.
  case redirectRefused(RedirectRefusal)
  /// The answer is not HTTP/1.x as the client understands it (the reason says where it broke).
  case malformedResponse(String)
  /// The URL's scheme is not `http` or `https`.
  case unsupportedURL(scheme: String)
  /// The request cannot be sent as given (for example a header value with a line break).
  case invalidRequest(String)
  /// A secure (https) connection could not be set up: the TLS handshake failed (the server does not
  /// speak TLS 1.2 or later, or `URLSession` refused its certificate).
  case secureConnectionFailed
  /// The server's certificate does not chain to a trusted root (``TLSTrust``); `reason` is OpenSSL's
  /// verdict, such as "self-signed certificate" or "certificate has expired".
  case untrustedCertificate(reason: String)
  /// The server's certificate is valid, but for other names than `host`.
  case certificateNameMismatch(host: String)
  /// The proxy (``ProxySettings``) cannot be reached; `proxy` is its `host:port`, never its credentials.
  case proxyUnreachable(proxy: String)
  /// The proxy answered `status` instead of carrying the request (407: it wants credentials).
  case proxyRefused(proxy: String, status: Int)
  /// Any other failure, with a short reason that contains no URL.
  case other(String)

  public var description: String {
    switch self {
    // Kept short: the CLI quotes it in its offline notice ("offline: showing cached data ... (cannot connect ...)").
    case .notConnected: "cannot connect to the server"
    case .hostNotFound: "cannot find the server: its host name does not resolve; check the address and the network"
    case .connectionLost: "the connection closed before the whole answer arrived; try again"
    case .timedOut: "the server stopped sending (nothing arrived within the idle timeout); try again later"
    case .deadlineExceeded(let total):
      "the answer did not complete within \(Self.seconds(total)), the limit for one request; the server is too slow "
        + "or stalling, try again later"
    case .cancelled: "the request was cancelled"
    case .tooLarge(let limit, let announced):
      "the answer is larger than the limit of \(Self.bytes(limit))"
        + (announced.map { " (the server announced \($0) bytes)" } ?? "") + "; it was not read further"
    case .redirectRefused(let refusal): refusal.description
    case .malformedResponse(let reason):
      "the server's answer is not valid HTTP (\(reason)); check that the address points to a tree-hole server"
    case .unsupportedURL(let scheme):
      "cannot send a request to a '\(scheme)' address; only http:// and https:// are supported"
    case .invalidRequest(let reason): "the request cannot be sent: \(reason)"
    case .secureConnectionFailed:
      "a secure connection to the server could not be made (TLS handshake failed); check the address and that the "
        + "server speaks https"
    case .untrustedCertificate(let reason):
      "the server's certificate is not trusted: \(HTTPOrigin.printable(reason, allowingSpaces: true)); check the address, or trust its "
        + "certificate authority (SSL_CERT_FILE)"
    case .certificateNameMismatch(let host):
      "the server's certificate is not valid for host \(HTTPOrigin.printable(host)); check the address"
    case .proxyUnreachable(let proxy):
      "cannot connect to the proxy \(HTTPOrigin.printable(proxy)); check https_proxy, http_proxy and no_proxy"
    case .proxyRefused(let proxy, let status):
      "the proxy \(HTTPOrigin.printable(proxy)) refused to carry the request (status \(status)"
        + (status == 407 ? ": it wants credentials, given as http://user:password@host:port in the proxy variable" : "")
        + "); check https_proxy, http_proxy and no_proxy"
    case .other(let reason): "network failure: \(reason); try again"
    }
  }

  /// `limit` in the largest whole binary unit, e.g. "16 MiB", or bytes.
  static func bytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// `duration` as "30 s" or "250 ms".
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds) s" }
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
  }
}
