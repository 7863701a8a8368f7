#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One proxy from ``ProxySettings``: where it listens, and the `Proxy-Authorization` its URL's
/// credentials make. Its ``description`` (`host:port`) is what error messages show: never the
/// credentials.
///
/// ```swift
/// let proxy = try HTTPProxy.parse("http://me:pw@proxy.corp:3128").get()  // Basic bWU6cHc=, "proxy.corp:3128"
/// ```
struct HTTPProxy: Sendable, Hashable, CustomStringConvertible {
  var host: String
  var port: Int
  /// `Basic <base64(user:password)>`, when the URL carried credentials.
  var authorization: String?

  /// curl's default when a proxy URL names no port.
  static let defaultPort = 1080

  var description: String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }

  /// The proxy `value` names (`host:port`, `http://host:port`, with `user:password@`), or why it cannot be used.
  static func parse(_ value: String) -> Result<HTTPProxy, TransportFailure> {
    let text = String(value.trimmingWhitespace())
    let withScheme = text.contains("://") ? text : "http://" + text
    guard let url = URL(string: withScheme), let host = url.host, !host.isEmpty else {
      return .failure(.invalidRequest("the proxy address in the environment is not a valid URL"))
    }
    guard url.scheme?.lowercased() == "http" else {
      return .failure(
        .invalidRequest(
          "the proxy uses '\(HTTPOrigin.printable(url.scheme ?? ""))', which is not supported; use an http:// proxy"))
    }
    let port = url.port ?? defaultPort
    guard (1...65535).contains(port) else { return .failure(.invalidRequest("the proxy's port is out of range")) }
    let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    var authorization: String?
    if let user = url.user(percentEncoded: false) {
      let credentials = user + ":" + (url.password(percentEncoded: false) ?? "")
      authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
    }
    return .success(HTTPProxy(host: unbracketed, port: port, authorization: authorization))
  }
}
