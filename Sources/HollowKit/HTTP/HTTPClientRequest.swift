#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request as an ``HTTPClient`` sends it: method, URL, headers, an optional body, and the
/// largest answer it accepts.
///
/// ```swift
/// let request = HTTPClientRequest(
///   method: .post, url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
///   body: Data("pid=1&switch=1".utf8))
/// let image = HTTPClientRequest(method: .get, url: imageURL, maximumResponseBytes: 8 << 20)
/// ```
public struct HTTPClientRequest: Sendable, Equatable {
  public var method: HTTPMethod
  public var url: URL
  /// Header fields by name. The `TOKEN` header holds a secret: never log this dictionary.
  public var headers: [String: String]
  public var body: Data?
  /// The largest body accepted: a client stops reading beyond it and throws
  /// ``TransportFailure/tooLarge(limit:announced:)``, so memory stays bounded whatever the server sends.
  public var maximumResponseBytes: Int

  /// What an API answer may weigh by default: 16 MiB, far above a page of 30 posts or a post with
  /// hundreds of comments.
  public static let defaultMaximumResponseBytes = 16 << 20

  public init(
    method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil,
    maximumResponseBytes: Int = HTTPClientRequest.defaultMaximumResponseBytes
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.maximumResponseBytes = maximumResponseBytes
  }
}
