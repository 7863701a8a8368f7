import Signal

/// A tree-hole API request: an input (``Configuration``), the decodable answer (``Result``), what
/// callers get after a transform (``ResultData``) and a typed failure (``Error``).
///
/// A request is Signal's `Performable`: `perform()` runs it once, every subscription to its cold
/// `publisher` runs it again, and `publisher(for:retries:maxConcurrent:ordering:)` runs many with a
/// concurrency bound, delivering each outcome tagged with its index. Most requests are
/// ``DefaultRequest``s and get `perform()` for free.
///
/// ```swift
/// let request = client.request(PostDetailRequest.self, .init(pid: 42))
/// let detail = try await request.perform()
/// ```
public protocol Request<ResultData, Error>: Performable
where Output == Self.ResultData, Failure == Self.Error {
  /// The input: everything needed to perform the request.
  associatedtype Configuration: Sendable
  /// The server's answer, as decoded.
  associatedtype Result: Decodable
  /// What callers get: the answer after the request's transform.
  associatedtype ResultData: Sendable
  /// How the request fails.
  associatedtype Error: RequestError

  /// The input this request was made with.
  var configuration: Configuration { get }

  init(configuration: Configuration)

  /// Sends the request and returns its transformed answer. Runs again on every call.
  func perform() async throws(Self.Error) -> ResultData
}
