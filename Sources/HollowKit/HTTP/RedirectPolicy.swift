#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which redirects ``NetworkHTTPClient`` follows: the token never leaves its origin, and writes are
/// never re-sent.
///
/// A 301, 302, 303, 307 or 308 answer to a GET is followed (as a GET with the same headers) when its
/// `Location` is http or https and either keeps the origin (scheme, host and port) or the request
/// carries no credential header (``credentialHeaders``) and does not go from https to http. A
/// redirected POST is refused, and so is the redirect after ``maximumRedirects`` in a row.
///
/// ```swift
/// switch RedirectPolicy.decision(for: request, response: response, redirects: 0) {
/// case .deliver: return response
/// case .follow(let url): request.url = url
/// case .refuse(let refusal): throw TransportFailure.redirectRefused(refusal)
/// }
/// ```
public enum RedirectPolicy {
  /// What to do with one answer.
  public enum Decision: Sendable, Equatable {
    /// Not a redirect: the answer is the response.
    case deliver
    /// Send the request again to this URL.
    case follow(URL)
    case refuse(RedirectRefusal)
  }

  /// The redirects followed in a row before giving up.
  public static let maximumRedirects = 5
  /// The statuses that redirect (300 and 304 do not).
  public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
  /// Headers whose value is a secret, compared case-insensitively.
  public static let credentialHeaders: Set<String> = ["token", "authorization", "cookie", "proxy-authorization"]

  /// The decision for `response`, the answer to `request` after `redirects` redirects already followed.
  public static func decision(for request: HTTPClientRequest, response: HTTPClientResponse, redirects: Int)
    -> Decision
  {
    guard redirectStatuses.contains(response.status) else { return .deliver }
    guard let location = response.header("Location"), let target = URL(string: location, relativeTo: request.url),
      let scheme = target.scheme?.lowercased()
    else { return .refuse(.invalidLocation) }
    let absolute = target.absoluteURL
    let origin = HTTPOrigin(absolute)
    guard scheme == "http" || scheme == "https" else { return .refuse(.unsupportedScheme(origin.scheme)) }
    guard let host = absolute.host, !host.isEmpty else { return .refuse(.invalidLocation) }
    guard request.method == .get else { return .refuse(.write(to: origin.description)) }
    let source = HTTPOrigin(request.url)
    if origin != source {
      if carriesCredentials(request) { return .refuse(.otherOrigin(origin.description)) }
      if source.scheme == "https", scheme == "http" { return .refuse(.downgrade(origin.description)) }
    }
    guard redirects < maximumRedirects else { return .refuse(.tooMany(maximumRedirects)) }
    return .follow(absolute)
  }

  /// Whether `request` has a header in ``credentialHeaders``.
  public static func carriesCredentials(_ request: HTTPClientRequest) -> Bool {
    request.headers.keys.contains { credentialHeaders.contains($0.lowercased()) }
  }
}
