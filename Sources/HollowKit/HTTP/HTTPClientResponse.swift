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
/// response.header("content-type")  // "application/json", whatever the server's spelling
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

  /// The value of the header `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.key.lowercased() == wanted }?.value
  }
}
