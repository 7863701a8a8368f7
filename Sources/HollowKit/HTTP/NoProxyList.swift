#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The hosts reached without a proxy, as `no_proxy` lists them, matched the way curl documents:
/// a comma-separated list where `*` alone matches every host, a name matches itself and every name
/// under it (`example.com` matches `www.example.com`, not `myexample.com`; a leading dot is
/// ignored), and an IP address matches itself or, with a `/bits` suffix, its network. Case and
/// spaces do not matter; IPv6 addresses are written without brackets.
///
/// Unlike curl, loopback (`localhost`, `*.localhost`, 127.0.0.0/8, ::1) is never proxied, as in Go:
/// the CLI's embedded demo server lives there, and a proxy cannot reach the user's loopback anyway.
///
/// ```swift
/// let list = NoProxyList("internal.corp, 10.0.0.0/8")
/// list.matches(host: "api.internal.corp")  // true
/// ```
struct NoProxyList: Sendable, Equatable {
  private enum Entry: Equatable {
    case any
    case domain(String)
    /// An address's bytes (4 or 16) and how many leading bits must match.
    case network([UInt8], bits: Int)
  }

  private let entries: [Entry]
  /// Whether loopback goes directly whatever the list says (false only in tests, whose servers are all on loopback).
  private let loopbackIsDirect: Bool

  init(_ list: String, loopbackIsDirect: Bool = true) {
    entries = list.split(separator: ",").compactMap { Self.entry(String($0)) }
    self.loopbackIsDirect = loopbackIsDirect
  }

  private static func entry(_ text: String) -> Entry? {
    var item = text.trimmingWhitespace().lowercased()
    if item == "*" { return .any }
    if item.hasPrefix("[") && item.hasSuffix("]") { item = String(item.dropFirst().dropLast()) }
    let parts = item.split(separator: "/", maxSplits: 1)
    if let first = parts.first, let address = IPLiteral.bytes(of: String(first)) {
      let bits = parts.count == 2 ? Int(parts[1]) : address.count * 8
      guard let bits, (0...address.count * 8).contains(bits) else { return nil }
      return .network(address, bits: bits)
    }
    while item.hasPrefix(".") { item.removeFirst() }
    return item.isEmpty ? nil : .domain(item)
  }

  /// Whether `host` (a name or an unbracketed IP literal) goes without the proxy.
  func matches(host: String) -> Bool {
    let name = host.lowercased()
    if loopbackIsDirect, Self.isLoopback(name) { return true }
    let address = IPLiteral.bytes(of: name)
    return entries.contains { entry in
      switch entry {
      case .any: true
      case .domain(let domain): address == nil && (name == domain || name.hasSuffix("." + domain))
      case .network(let network, let bits): address.map { Self.prefix($0, of: network, bits: bits) } ?? false
      }
    }
  }

  static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host.hasSuffix(".localhost") { return true }
    guard let address = IPLiteral.bytes(of: host) else { return false }
    return address.count == 4 ? address[0] == 127 : address == [UInt8](repeating: 0, count: 15) + [1]
  }

  private static func prefix(_ address: [UInt8], of network: [UInt8], bits: Int) -> Bool {
    guard address.count == network.count else { return false }
    for index in 0..<network.count {
      let bitsHere = min(8, max(0, bits - index * 8))
      guard bitsHere > 0 else { return true }
      let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bitsHere))
      if address[index] & mask != network[index] & mask { return false }
    }
    return true
  }
}
