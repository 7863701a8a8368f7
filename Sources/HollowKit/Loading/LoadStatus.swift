/// Where a data source stands between its cache and the network; what a screen needs to decide
/// between a placeholder, the data, and an error mark.
///
/// A source always has data to show (placeholder data until something loads); the status says how
/// good it is:
///
/// | status | data shown | final |
/// |---|---|---|
/// | ``inProgress`` | placeholder | no |
/// | ``cached`` | the cached copy, a refresh runs | no |
/// | ``success`` | fresh from the server | yes |
/// | ``failure(_:)`` | the cached copy, marked stale | yes |
/// | ``lethalFailure(_:)`` | nothing usable, show the message | yes |
///
/// ```swift
/// switch loader.status {
/// case .inProgress: showPlaceholder()
/// case .cached, .success: show(loader.data)
/// case .failure(let message): show(loader.data); showBanner(message)
/// case .lethalFailure(let message): showError(message)
/// }
/// ```
public enum LoadStatus: Sendable, Equatable {
  /// Nothing to show yet: show a placeholder.
  case inProgress
  /// Showing cached data while a refresh runs; never final.
  case cached
  /// Showing fresh data.
  case success
  /// The refresh failed; cached data is still shown, with this message.
  case failure(String)
  /// The refresh failed and there is nothing to show.
  case lethalFailure(String)

  /// Whether a load is still running (``inProgress`` or ``cached``).
  public var isLoading: Bool {
    switch self {
    case .inProgress, .cached: true
    case .success, .failure, .lethalFailure: false
    }
  }

  /// Whether there is data worth showing (``cached``, ``success`` or ``failure(_:)``).
  public var hasData: Bool {
    switch self {
    case .cached, .success, .failure: true
    case .inProgress, .lethalFailure: false
    }
  }

  /// The failure message, if the load failed.
  public var errorMessage: String? {
    switch self {
    case .failure(let message), .lethalFailure(let message): message
    case .inProgress, .cached, .success: nil
    }
  }

  /// The status after a refresh failed with `message`: ``failure(_:)`` when data is shown,
  /// else ``lethalFailure(_:)``.
  ///
  /// ```swift
  /// status = status.failed("network down")  // .cached -> .failure, .inProgress -> .lethalFailure
  /// ```
  public func failed(_ message: String) -> LoadStatus {
    hasData ? .failure(message) : .lethalFailure(message)
  }
}
