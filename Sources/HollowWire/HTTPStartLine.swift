/// The first line of an HTTP/1.x message, both directions, read as RFC 9112 §3 and §4 have it: a
/// request line (`METHOD target HTTP/1.x`) for the demo server, a status line (`HTTP/1.x NNN
/// reason`) for the client. ``HeadScanner`` checks a start line as soon as its line end arrives.
///
/// ```swift
/// HTTPStartLine.request(Array("GET /v3/x?a=1 HTTP/1.1".utf8)[...])?.target  // "/v3/x?a=1"
/// HTTPStartLine.status(Array("HTTP/1.1 204 No Content".utf8)[...])  // (204, minorVersion: 1)
/// ```
package enum HTTPStartLine {
  /// The longest method accepted.
  package static let maximumMethodLength = 16

  /// A request line's parts.
  package struct Request: Equatable {
    package var method: ArraySlice<UInt8>
    /// Origin form (`/path?query`); an absolute-form target (a proxy's) keeps only its path and query.
    package var target: ArraySlice<UInt8>
    package var minorVersion: Int
  }

  /// Whether `byte` can be part of a method (the demo server's methods: uppercase letters).
  package static func isMethodByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The request line `line` (without its line end), nil when it is not one.
  package static func request(_ line: ArraySlice<UInt8>) -> Request? {
    guard let request = proxyRequest(line) else { return nil }
    var target = request.target
    if let schemeEnd = firstIndex(of: Array("://".utf8), in: target) {
      // Absolute form (proxies): keep only the path and query.
      let afterScheme = target[(schemeEnd + 3)...]
      target = afterScheme.firstIndex(of: UInt8(ascii: "/")).map { afterScheme[$0...] } ?? [UInt8(ascii: "/")][...]
    }
    guard target.first == UInt8(ascii: "/") else { return nil }
    return Request(method: request.method, target: target, minorVersion: request.minorVersion)
  }

  /// The request line `line` as a proxy reads it: the target kept as sent, in any form (a `CONNECT`'s
  /// `host:port`, an absolute URL, a path), visible ASCII; nil when it is not one. The test proxy's.
  package static func proxyRequest(_ line: ArraySlice<UInt8>) -> Request? {
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].count <= maximumMethodLength,
      parts[0].allSatisfy(isMethodByte), !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 32 && $0 < 127 })
    else { return nil }
    let minorVersion: Int
    switch Array(parts[2]) {
    case Array("HTTP/1.1".utf8): minorVersion = 1
    case Array("HTTP/1.0".utf8): minorVersion = 0
    default: return nil
    }
    return Request(method: parts[0], target: parts[1], minorVersion: minorVersion)
  }

  /// The status code and minor version of `HTTP/1.x NNN [reason]` (without its line end), nil when
  /// `line` is not one.
  package static func status(_ line: ArraySlice<UInt8>) -> (code: Int, minorVersion: Int)? {
    let bytes = Array(line)
    guard bytes.count >= 12, bytes[0..<7].elementsEqual("HTTP/1.".utf8), isDigit(bytes[7]),
      bytes[8] == UInt8(ascii: " "), bytes[9..<12].allSatisfy(isDigit),
      bytes.count == 12 || bytes[12] == UInt8(ascii: " ")
    else { return nil }
    return (bytes[9..<12].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }, Int(bytes[7] - UInt8(ascii: "0")))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The index of the first occurrence of `needle` in `haystack`.
  private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in haystack.startIndex...(haystack.endIndex - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
    }
    return nil
  }
}
