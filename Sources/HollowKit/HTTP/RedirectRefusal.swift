/// A redirect the client did not follow, and why. Only the target's origin is kept (scheme, host
/// and port): a `Location` may carry anything in its path and query.
///
/// ```swift
/// catch .redirectRefused(.otherOrigin(let origin)) { print("refused a redirect to \(origin)") }
/// ```
public enum RedirectRefusal: Sendable, Equatable, CustomStringConvertible {
  /// A write (POST) was redirected; writes are never re-sent.
  case write(to: String)
  /// A request carrying the token (or another credential) was sent to another scheme, host or port.
  case otherOrigin(String)
  /// An https request was sent to plain http.
  case downgrade(String)
  /// The target is not http or https (`file:`, `ftp:` ...).
  case unsupportedScheme(String)
  /// More redirects in a row than ``RedirectPolicy/maximumRedirects``.
  case tooMany(Int)
  /// The redirect has no `Location`, or one that is not a URL.
  case invalidLocation

  public var description: String {
    switch self {
    case .write(let origin):
      "the server redirected a write to \(origin); writes are never redirected, so nothing was re-sent"
    case .otherOrigin(let origin):
      "the server redirected to another host (\(origin)); not followed so the token is not sent there"
    case .downgrade(let origin):
      "the server redirected from https to plain http (\(origin)); not followed"
    case .unsupportedScheme(let scheme):
      "the server redirected to a '\(scheme)' address; only http and https redirects are followed"
    case .tooMany(let count):
      "the server redirected more than \(count) times in a row (a redirect loop?); stopped"
    case .invalidLocation: "the server answered with a redirect but no valid Location; check the address"
    }
  }
}
