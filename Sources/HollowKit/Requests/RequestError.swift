/// The failure of a ``Request``: `Sendable`, with a clear human description that never contains
/// the token.
///
/// ```swift
/// do { _ = try await request.perform() } catch { print(error) }  // "post/list: the request timed out"
/// ```
public protocol RequestError: Error, Sendable, CustomStringConvertible {
  /// Whether the request ended because it was cancelled (not worth showing to the user).
  var isCancellation: Bool { get }
}
