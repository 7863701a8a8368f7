#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an ``HTTPClient`` got back: status code, headers and body.
///
/// ```swift
/// let response = try await http.send(request)
/// if response.status == 200 { print(String(decoding: response.body, as: UTF8.self)) }
/// ```
public struct HTTPClientResponse: Sendable, Equatable {
  public var status: Int
  /// Header fields by name as the server spelled them.
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}
