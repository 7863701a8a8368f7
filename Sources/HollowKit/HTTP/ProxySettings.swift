#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The proxies ``NetworkHTTPClient``'s socket transport goes through, read from the environment as
/// curl reads it, once, when the client is made.
///
/// - `https_proxy` (or `HTTPS_PROXY`; the lowercase one wins) carries `https://` requests: a
///   `CONNECT host:port` tunnel, with TLS to the server inside it.
/// - `http_proxy` carries `http://` requests (absolute-form request line). As in curl, the uppercase
///   `HTTP_PROXY` is not read: a CGI-style environment can set it from a request's `Proxy` header.
/// - `no_proxy` (or `NO_PROXY`) lists the hosts reached directly, comma-separated: `*` alone for
///   all, a name for itself and the names under it (`corp.test` matches `api.corp.test`; a leading
///   dot is ignored), an IP address or network (`10.0.0.0/8`). Loopback is never proxied (as in Go;
///   curl would proxy it unless listed): the CLI's embedded demo server lives there.
///
/// A proxy is an `http://` URL (the scheme may be left out; the port defaults to 1080); its
/// `user:password@` becomes a `Proxy-Authorization: Basic` header sent to the proxy alone and never
/// shown in an error. An unusable value fails each request it would carry with a clear error, rather
/// than sending it around the proxy. `URLSession` (https on macOS) uses the system's settings instead.
///
/// ```swift
/// let proxies = ProxySettings(environment: ["https_proxy": "http://proxy.corp:3128", "no_proxy": "internal.corp"])
/// let http = NetworkHTTPClient(proxies: proxies)
/// ```
public struct ProxySettings: Sendable, Equatable {
  let http: Result<HTTPProxy, TransportFailure>?
  let https: Result<HTTPProxy, TransportFailure>?
  let bypass: NoProxyList

  /// The settings `environment` holds (usually `ProcessInfo.processInfo.environment`).
  public init(environment: [String: String]) {
    self.init(environment: environment, loopbackIsDirect: true)
  }

  /// With `loopbackIsDirect` false, loopback is proxied unless `no_proxy` lists it (tests only).
  init(environment: [String: String], loopbackIsDirect: Bool) {
    func value(_ names: String...) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.trimmingWhitespace().isEmpty }
    }
    http = value("http_proxy").map(HTTPProxy.parse)
    https = value("https_proxy", "HTTPS_PROXY").map(HTTPProxy.parse)
    bypass = NoProxyList(environment["no_proxy"] ?? environment["NO_PROXY"] ?? "", loopbackIsDirect: loopbackIsDirect)
  }

  /// No proxy at all.
  public static let none = ProxySettings(environment: [:])

  /// The process's own environment, read now.
  public static var fromProcessEnvironment: ProxySettings {
    ProxySettings(environment: ProcessInfo.processInfo.environment)
  }

  /// The proxy a request to `url` goes through, or nil to go directly.
  func proxy(for url: URL) throws(TransportFailure) -> HTTPProxy? {
    let setting = url.scheme?.lowercased() == "https" ? https : http
    guard let setting else { return nil }
    var host = (url.host ?? "").lowercased()
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if bypass.matches(host: host) { return nil }
    return try setting.get()
  }
}
