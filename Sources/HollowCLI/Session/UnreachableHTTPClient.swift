import HollowKit

/// The HTTP client of `--offline`: nothing leaves the machine.
struct UnreachableHTTPClient: HTTPClient {
  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    throw .notConnected
  }
}
