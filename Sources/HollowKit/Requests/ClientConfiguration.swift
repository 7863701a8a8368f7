#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a tree-hole client sends requests and as whom.
///
/// ```swift
/// let configuration = ClientConfiguration(
///   apiRoot: URL(string: "http://127.0.0.1:8080")!, token: "secret",
///   imageBaseURL: URL(string: "http://127.0.0.1:8080/images/"))
/// configuration.imageURL(for: "ab/abcdef.png")  // http://127.0.0.1:8080/images/ab/abcdef.png
/// ```
public struct ClientConfiguration: Sendable, Equatable {
  /// The server root; requests go to `<apiRoot>/v3/...`.
  public var apiRoot: URL
  /// The value of the `TOKEN` header, or `nil` to send none. Never printed: see ``description``.
  public var token: String?
  /// Where images live; an image is `<imageBaseURL>/<post.url>`. The API never names its image
  /// host, so there is no guess: nil until the user (or an embedded server) configures one, and
  /// no image is loaded meanwhile.
  public var imageBaseURL: URL?
  /// Sent as `v=v<appVersion>` on every request.
  public var appVersion: String
  /// The largest API answer read, in bytes (see ``HTTPClientRequest/maximumResponseBytes``).
  public var maximumAnswerBytes: Int

  /// The `device` value the original iOS client sends.
  public static let deviceCode = "2"

  /// - Parameters:
  ///   - apiRoot: the server root; requests go to `<apiRoot>/v3/...`.
  ///   - token: the value of the `TOKEN` header, or `nil` to send none.
  ///   - imageBaseURL: the image host; nil loads no images.
  ///   - appVersion: sent as `v=v<appVersion>` on every request.
  ///   - maximumAnswerBytes: defaults to ``HTTPClientRequest/defaultMaximumResponseBytes`` (16 MiB).
  public init(
    apiRoot: URL, token: String? = nil, imageBaseURL: URL? = nil, appVersion: String = "3.0.0",
    maximumAnswerBytes: Int = HTTPClientRequest.defaultMaximumResponseBytes
  ) {
    self.apiRoot = apiRoot
    self.token = token
    self.imageBaseURL = imageBaseURL
    self.appVersion = appVersion
    self.maximumAnswerBytes = maximumAnswerBytes
  }

  /// The URL of an image path such as `post.imagePath`; nil without an image base.
  public func imageURL(for path: String) -> URL? {
    imageBaseURL?.appendingPathComponent(path)
  }
}

extension ClientConfiguration: CustomStringConvertible {
  /// Describes the configuration without the token.
  public var description: String {
    "ClientConfiguration(apiRoot: \(apiRoot), token: \(token == nil ? "none" : "<set>"), imageBaseURL: \(imageBaseURL.map { "\($0)" } ?? "none")"
      + ", appVersion: \(appVersion))"
  }
}
