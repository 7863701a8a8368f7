/// Why the feed loader could not show a page.
///
/// ```swift
/// for (number, failure) in snapshot.failures where failure == .notCached { print("page \(number) is not in the cache") }
/// ```
public enum FeedPageFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// Offline, and the cache does not hold the page.
  case notCached
  /// The server answered with an error.
  case request(HollowError)

  public var description: String {
    switch self {
    case .notCached: "not in the cache (offline)"
    case .request(let error): error.description
    }
  }
}
