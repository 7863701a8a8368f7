// Only where the socket transport cannot speak TLS (Apple platforms). On Linux it would link
// FoundationNetworking, libcurl and some 30 libraries into every start of hollow-cli for a path
// that spins while it waits (Docs/Performance.md).
#if !canImport(CHollowTLS)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The answer of one data task as it streams in, cut off at `limit` bytes.
final class ResponseCollector: Sendable {
  private struct State {
    var status = 0
    var headers: [String: String] = [:]
    var body = Data()
  }

  private let limit: Int
  private let pending: PendingExchange
  private let state = Mutex(State())

  init(limit: Int, pending: PendingExchange) {
    self.limit = limit
    self.pending = pending
  }

  /// Records the status and headers; false (and the exchange fails) when the announced length is over the limit.
  func receive(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      pending.finish(.failure(.malformedResponse("the answer is not HTTP")))
      return false
    }
    record(http)
    let announced = http.expectedContentLength
    guard announced <= Int64(limit) else {
      pending.finish(.failure(.tooLarge(limit: limit, announced: Int(clamping: announced))))
      return false
    }
    return true
  }

  private func record(_ http: HTTPURLResponse) {
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name] = value
    }
    state.withLock { state in
      state.status = http.statusCode
      state.headers = headers
      state.body = Data()
    }
  }

  func receive(_ data: Data) {
    // After the end (a limit, the deadline) data may still arrive until the cancellation lands: dropped.
    guard !pending.isFinished else { return }
    let overflow = state.withLock { state -> Bool in
      guard state.body.count + data.count <= limit else {
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if overflow { pending.finish(.failure(.tooLarge(limit: limit, announced: nil))) }
  }

  /// Ends the exchange; `finalResponse` stands in when the delegate never heard of one (FoundationNetworking
  /// does not announce a 30x it could not follow, such as one without a `Location`).
  func complete(error: (any Error)?, url: URL?, finalResponse: URLResponse?) {
    if let error {
      pending.finish(.failure(URLSessionTransport.failure(for: error, url: url)))
      return
    }
    if state.withLock({ $0.status == 0 }) {
      guard let http = finalResponse as? HTTPURLResponse else {
        pending.finish(.failure(.malformedResponse("no HTTP answer arrived")))
        return
      }
      record(http)
    }
    let response = state.withLock { state in
      HTTPClientResponse(status: state.status, headers: state.headers, body: state.body)
    }
    pending.finish(.success(response))
  }
}
#endif
