#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request as an ``HTTPClient`` sends it: method, URL, headers and an optional body.
///
/// ```swift
/// let request = HTTPClientRequest(
///   method: .post, url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
///   body: Data("pid=1&switch=1".utf8))
/// ```
public struct HTTPClientRequest: Sendable, Equatable {
  public var method: HTTPMethod
  public var url: URL
  /// Header fields by name. The `TOKEN` header holds a secret: never log this dictionary.
  public var headers: [String: String]
  public var body: Data?

  public init(method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}
