import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An ``HTTPClient`` for tests: answers from a closure and records every request it was given.
///
/// Like every client it refuses a body over the request's ``HTTPClientRequest/maximumResponseBytes``.
///
/// ```swift
/// let http = StubHTTPClient { request in
///   .success(HTTPClientResponse(status: 200, body: Data(#"{"code":0,"data":[]}"#.utf8)))
/// }
/// _ = try await http.send(request)
/// #expect(http.requests.count == 1)
/// ```
public final class StubHTTPClient: HTTPClient {
  /// Produces the answer to one request.
  public typealias Responder = @Sendable (HTTPClientRequest) -> Result<HTTPClientResponse, TransportFailure>

  private let responder: Responder
  private let log = Mutex<[HTTPClientRequest]>([])

  public init(responder: @escaping Responder) {
    self.responder = responder
  }

  /// Answers every request with `status` and `body`.
  public convenience init(status: Int = 200, body: String) {
    let response = HTTPClientResponse(status: status, body: Data(body.utf8))
    self.init { _ in .success(response) }
  }

  /// Every request sent so far, oldest first.
  public var requests: [HTTPClientRequest] {
    log.withLock { $0 }
  }

  public func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    log.withLock { $0.append(request) }
    if Task.isCancelled { throw .cancelled }
    let response = try responder(request).get()
    guard response.body.count <= request.maximumResponseBytes else {
      throw .tooLarge(limit: request.maximumResponseBytes, announced: response.body.count)
    }
    return response
  }
}
