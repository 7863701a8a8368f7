import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends requests for one origin (scheme, host, port) to another; the embedded server's stable
/// name to its loopback port.
struct OriginRedirect: HTTPClient {
  let base: any HTTPClient
  let from: URL
  let to: URL

  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    var request = request
    request.url = redirected(request.url)
    return try await base.send(request)
  }

  func connectEarly(to url: URL, connections: Int) {
    base.connectEarly(to: redirected(url), connections: connections)
  }

  private func redirected(_ url: URL) -> URL {
    guard url.scheme == from.scheme, url.host == from.host, url.port == from.port,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    components.scheme = to.scheme
    components.host = to.host
    components.port = to.port
    return components.url ?? url
  }
}
