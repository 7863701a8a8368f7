import HollowKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An HTTP client that remembers the first time the server could not be reached (no answer at
/// all, cancellations aside), so a command can say "offline" instead of repeating each failure.
///
/// ```swift
/// let watch = TransportWatch(base: NetworkHTTPClient())
/// let client = TreeHoleClient(configuration: configuration, http: watch)
/// ...
/// if let failure = watch.unreachable { print("offline: \(failure)") }
/// ```
final class TransportWatch: HTTPClient {
  private let base: any HTTPClient
  private let failure = Mutex<TransportFailure?>(nil)

  init(base: any HTTPClient) {
    self.base = base
  }

  /// The first transport failure seen, if any.
  var unreachable: TransportFailure? {
    failure.withLock { $0 }
  }

  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    do {
      return try await base.send(request)
    } catch {
      if error != .cancelled { failure.withLock { $0 = $0 ?? error } }
      throw error
    }
  }
}

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

/// The HTTP client of `--offline`: nothing leaves the machine.
struct UnreachableHTTPClient: HTTPClient {
  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    throw .notConnected
  }
}
