#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The scheme, host and port of a URL: what must stay the same for a credential to be sent on.
///
/// Scheme and host compare case-insensitively, and a missing port is the scheme's default, so
/// `http://Example.test` and `http://example.test:80` are one origin.
///
/// ```swift
/// HTTPOrigin(URL(string: "http://127.0.0.1:8080/v3")!) == HTTPOrigin(URL(string: "http://127.0.0.1:8080/x")!)  // true
/// ```
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
  public var scheme: String
  public var host: String
  public var port: Int?

  public init(_ url: URL) {
    scheme = (url.scheme ?? "").lowercased()
    host = (url.host ?? "").lowercased()
    port = url.port ?? Self.defaultPort(scheme)
  }

  /// 80 for http, 443 for https, nil otherwise.
  public static func defaultPort(_ scheme: String) -> Int? {
    switch scheme {
    case "http": 80
    case "https": 443
    default: nil
    }
  }

  /// `scheme://host:port`, with anything but printable ASCII in the host shown as `?`, so a hostile
  /// `Location` cannot put control characters into an error message.
  public var description: String {
    "\(scheme)://\(Self.printable(host))" + (port.map { ":\($0)" } ?? "")
  }

  /// `text` with anything but printable ASCII (and spaces, if allowed) shown as `?`: safe in an error message.
  static func printable(_ text: String, allowingSpaces: Bool = false) -> String {
    let lowest: UInt32 = allowingSpaces ? 0x20 : 0x21
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { (lowest...0x7E).contains($0.value) ? $0 : "?" }))
  }
}
