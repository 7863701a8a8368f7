#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address written as text (`127.0.0.1`, `::1`; IPv6 without brackets), in the
/// places that treat an address apart from a name: `no_proxy` networks and TLS's certificate check.
///
/// ```swift
/// IPLiteral.bytes(of: "10.0.0.1")  // [10, 0, 0, 1]
/// IPLiteral.bytes(of: "example.org")  // nil
/// ```
enum IPLiteral {
  /// The address's bytes (4 or 16), or nil when `text` is not an address.
  static func bytes(of text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
    return nil
  }
}
