/// Why a loader answered from the cache instead of the server.
///
/// Carried by the events and snapshots it explains (``FeedSnapshot/offlineReason``,
/// ``FeedPage/offline``, ``PostSnapshot/offline``), so a view says why it shows cached data
/// without asking the HTTP layer.
///
/// ```swift
/// if let page = snapshot.page(1)?.page, let reason = page.offline {
///   print("offline (\(reason.transportFailure?.description ?? "asked for")), cached at \(page.cachedAt as Any)")
/// }
/// ```
public enum OfflineReason: Sendable, Equatable, CustomStringConvertible {
  /// Offline was asked for (``FeedStateMachine/Options/offline``, ``CachePolicy/cacheOnly``): nothing is sent.
  case requested
  /// The server could not be reached: the request that found out, with its transport failure.
  case unreachable(HollowError)

  /// "offline mode", or the failed request's description ("post/list: cannot connect to the server").
  public var description: String {
    switch self {
    case .requested: "offline mode"
    case .unreachable(let error): error.description
    }
  }

  /// Why the server could not be reached, without the request's name; nil when offline was asked for.
  public var transportFailure: TransportFailure? {
    guard case .unreachable(let error) = self, case .transport(let failure) = error.kind else { return nil }
    return failure
  }

  /// The reason of a request that failed: `.unreachable` for a transport failure other than a
  /// cancellation, else nil (the server answered, or the caller went away).
  static func of(_ error: HollowError) -> OfflineReason? {
    guard case .transport(let failure) = error.kind, failure != .cancelled else { return nil }
    return .unreachable(error)
  }
}
