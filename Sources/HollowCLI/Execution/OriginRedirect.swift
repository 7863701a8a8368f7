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
    if request.url.scheme == from.scheme, request.url.host == from.host, request.url.port == from.port,
      var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    {
      components.scheme = to.scheme
      components.host = to.host
      components.port = to.port
      if let url = components.url { request.url = url }
    }
    return try await base.send(request)
  }
}
