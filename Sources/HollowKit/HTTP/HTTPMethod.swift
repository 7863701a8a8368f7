/// The two HTTP methods the v3 API uses.
///
/// ```swift
/// let request = HTTPClientRequest(method: .get, url: url)
/// ```
public enum HTTPMethod: String, Sendable, Equatable {
  /// Reads; parameters go in the query string.
  case get = "GET"
  /// Writes; parameters go in an `application/x-www-form-urlencoded` body.
  case post = "POST"
}
