import Signal

/// The entry point of the request layer: a ``ClientConfiguration``, the ``HTTPClient`` that
/// carries requests and how they are retried (``RequestRetry``), with helpers to make and
/// perform every request.
///
/// A client is a small `Sendable` value: copy it freely, and make a new one (for example with
/// ``withToken(_:)``) when the user logs in.
///
/// ```swift
/// let client = TreeHoleClient(configuration: ClientConfiguration(apiRoot: root, token: token))
/// let page = try await client.perform(PostListRequest.self, .init(page: 1))
/// let detail = try await client.perform(PostDetailRequest.self, .init(pid: page.posts[0].pid))
/// // Many at once (fan-in): PostDetailRequest.publisher(for: pids.map { client.request(PostDetailRequest.self, .init(pid: $0)) })
/// ```
public struct TreeHoleClient: Sendable {
  public var configuration: ClientConfiguration
  public var http: any HTTPClient
  /// How a request that failed on the way is tried again; never a write that may have reached
  /// the server.
  public var retry: RequestRetry
  /// The server's short-term windows kept on the client (searches, posts, comments wait for them);
  /// nil sends at once.
  public var rateLimits: RateLimitKeeper?

  /// - Parameters:
  ///   - configuration: the server, the account's token and the limits of every request.
  ///   - http: defaults to a new ``NetworkHTTPClient``.
  ///   - retry: defaults to ``RequestRetry/standard``.
  ///   - rateLimits: the short-term windows to keep; nil keeps none.
  public init(
    configuration: ClientConfiguration, http: (any HTTPClient)? = nil, retry: RequestRetry = .standard,
    rateLimits: RateLimitKeeper? = nil
  ) {
    self.configuration = configuration
    self.http = http ?? NetworkHTTPClient()
    self.retry = retry
    self.rateLimits = rateLimits
  }

  /// Opens connections (TCP, and TLS for https) to the API and to where the images live, up to
  /// `connections` to each, ahead of the requests that need them (``HTTPClient/connectEarly(to:connections:)``):
  /// the handshakes then overlap whatever the program does before its first request. Returns at once;
  /// once they are open, later calls do nothing.
  ///
  /// ```swift
  /// client.connectEarly(connections: 16)  // then open the cache: the handshakes are on the way meanwhile
  /// ```
  public func connectEarly(connections: Int) {
    for origin in [configuration.apiRoot, configuration.imageBaseURL].compactMap({ $0 }) {
      http.connectEarly(to: origin, connections: connections)
    }
  }

  /// The same client acting as another user (or as nobody, with `nil`).
  public func withToken(_ token: String?) -> TreeHoleClient {
    var copy = self
    copy.configuration.token = token
    return copy
  }

  /// A request of type `R` with `parameters`, bound to this client; perform it later, or many at once.
  ///
  /// ```swift
  /// let request = client.request(SearchRequest.self, .init(keywords: "猫 狗"))
  /// for try await page in request.publisher { ... }  // cold: each subscription performs it
  /// ```
  public func request<R: DefaultRequest>(_ type: R.Type, _ parameters: R.Parameters) -> R {
    R(configuration: RequestConfiguration(client: self, parameters: parameters))
  }

  /// Makes and performs a request of type `R`.
  ///
  /// ```swift
  /// let messages = try await client.perform(SystemMessagesRequest.self, .init())
  /// ```
  public func perform<R: DefaultRequest>(_ type: R.Type, _ parameters: R.Parameters) async throws(HollowError)
    -> R.ResultData
  {
    try await request(type, parameters).perform()
  }

  /// Performs `request` (of any ``Request`` type).
  public func perform<R: Request>(_ request: R) async throws(R.Error) -> R.ResultData {
    try await request.perform()
  }

  /// Sends one HTTP request over ``http``, retrying a transient failure as ``retry`` says (see
  /// ``RequestRetry``); every ``DefaultRequest`` is sent through it.
  ///
  /// A 429 or 5xx answer still there after the last retry is returned as the answer; a
  /// transport failure after the last retry is thrown.
  ///
  /// ```swift
  /// let answer = try await client.send(HTTPClientRequest(method: .get, url: url))
  /// ```
  public func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    try await retry.send(request, over: http)
  }
}

/// The input of a ``DefaultRequest``: the client to send it with and the request's own parameters.
///
/// ```swift
/// let request = PostListRequest(configuration: RequestConfiguration(client: client, parameters: .init(page: 2)))
/// ```
public struct RequestConfiguration<Parameters: Sendable>: Sendable {
  public var client: TreeHoleClient
  public var parameters: Parameters

  public init(client: TreeHoleClient, parameters: Parameters) {
    self.client = client
    self.parameters = parameters
  }
}
