/// How a ``HollowServer`` behaves: its data set, address, auth, simulated trouble and limits.
///
/// ```swift
/// var configuration = ServerConfiguration(seed: 7)
/// configuration.token = "secret"
/// configuration.latency = .random(.milliseconds(5)...(.milliseconds(50)))
/// configuration.failures = FailureInjection(rate: 0.1, kinds: [.serverError, .droppedConnection])
/// ```
public struct ServerConfiguration: Sendable {
  /// Seeds the generated data set (the same seed gives the same posts, comments and images).
  public var seed: UInt64
  /// How many posts to generate (pinned ones included).
  public var postCount: Int
  /// The IPv4 address to bind; loopback by default.
  public var host: String
  /// The port to bind; `0` picks a free one (``HollowServer/start()`` reports it).
  public var port: UInt16
  /// The token every `/v3` request must send in its `TOKEN` header; `nil` accepts any request.
  public var token: String?
  /// Delay added before each answer.
  public var latency: Latency
  /// Simulated failures.
  public var failures: FailureInjection
  public var limits: ServerLimits

  public init(
    seed: UInt64 = 1, postCount: Int = 320, host: String = "127.0.0.1", port: UInt16 = 0, token: String? = nil,
    latency: Latency = .none, failures: FailureInjection = .none, limits: ServerLimits = ServerLimits()
  ) {
    self.seed = seed
    self.postCount = postCount
    self.host = host
    self.port = port
    self.token = token
    self.latency = latency
    self.failures = failures
    self.limits = limits
  }
}

/// A delay the server adds before answering a request.
public enum Latency: Sendable, Equatable {
  case none
  case fixed(Duration)
  /// A uniformly random delay per request.
  case random(ClosedRange<Duration>)
}

/// Which requests fail on purpose, and how.
///
/// A request is handled first (a write still changes the data), then its answer is replaced by
/// the failure, like a response lost on the way back.
public struct FailureInjection: Sendable, Equatable {
  /// The fraction of requests that fail, from 0 to 1.
  public var rate: Double
  /// The failures to pick from, uniformly; an empty list disables failures.
  public var kinds: [FailureKind]

  public init(rate: Double, kinds: [FailureKind] = FailureKind.allCases) {
    self.rate = rate
    self.kinds = kinds
  }

  /// No failures.
  public static let none = FailureInjection(rate: 0, kinds: [])
}

/// A simulated failure.
public enum FailureKind: String, Sendable, Equatable, CaseIterable {
  /// HTTP 500 with a JSON error body.
  case serverError
  /// The connection closes without an answer.
  case droppedConnection
  /// The head promises the full body, half of it arrives, then the connection closes.
  case truncatedBody
  /// HTTP 200 whose body is the first half of the JSON (so it does not parse).
  case malformedJSON
}

/// Limits that keep slow, silent or greedy clients from holding the server.
public struct ServerLimits: Sendable, Equatable {
  /// A request head larger than this answers 431.
  public var maxHeaderBytes: Int
  /// A body larger than this answers 413 (the body is not read).
  public var maxBodyBytes: Int
  /// A decoded upload larger than this answers 413.
  public var maxImageBytes: Int
  /// Time from a request's first byte to the end of its head; then 408 and close.
  public var headerTimeout: Duration
  /// Time from the end of the head to the end of the body; then 408 and close.
  public var bodyTimeout: Duration
  /// Time a kept-alive connection may wait for its next request; then it is closed.
  public var idleTimeout: Duration
  /// Time a single write may block on a client that does not read.
  public var writeTimeout: Duration
  /// Connections open at once; more are answered 503 and closed.
  public var maxConnections: Int

  public init(
    maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 4 * 1024 * 1024, maxImageBytes: Int = 2 * 1024 * 1024,
    headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30),
    writeTimeout: Duration = .seconds(10), maxConnections: Int = 512
  ) {
    self.maxHeaderBytes = maxHeaderBytes
    self.maxBodyBytes = maxBodyBytes
    self.maxImageBytes = maxImageBytes
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.maxConnections = maxConnections
  }
}
