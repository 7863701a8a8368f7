/// How a ``HollowServer`` behaves: its data set, address, auth, simulated trouble and limits.
///
/// ```swift
/// var configuration = ServerConfiguration(seed: 7)
/// configuration.token = "secret"
/// configuration.latency = .random(.milliseconds(5)...(.milliseconds(50)))
/// configuration.failures = FailureInjection(rate: 0.1, kinds: [.serverError, .droppedConnection])
/// configuration.allowsAnonymousAccess = true  // no or a wrong token reads as an anonymous user
/// configuration.enforcesRateLimits = false    // a benchmark that searches as fast as it can
/// ```
///
/// The server answers by the rules of the real backend (`treehole-api.md`): its codes and messages, its
/// rate limits (on by default), its paging and search. Without a ``token`` every request is the demo's one
/// registered user.
public struct ServerConfiguration: Sendable {
  /// Seeds the generated data set (the same seed gives the same posts, comments and images).
  public var seed: UInt64
  /// How many posts to generate (pinned ones included).
  public var postCount: Int
  /// The IPv4 address to bind; loopback by default.
  public var host: String
  /// The port to bind; `0` picks a free one (``HollowServer/start()`` reports it).
  public var port: UInt16
  /// The token every `/v3` request must send in its `TOKEN` header; `nil` accepts any request as the demo user.
  public var token: String?
  /// Whether a request without the token (or with another) goes on as an anonymous reader, as on a real server
  /// that allows unregistered access: list, wander, detail and search work (nothing followed, votes hidden);
  /// every other route answers `-100`. Without it such a request answers `-100` everywhere. Only matters with a
  /// ``token``.
  public var allowsAnonymousAccess: Bool
  /// The real backend's per-user rate limits: search 1 per 2 s, send/post 1 per 6 s, send/comment 1 per 3 s,
  /// and daily caps on search, posts, comments, wander, detail and follows; a request past one answers `-1`
  /// with the limit's message. On by default; anonymous readers are never limited.
  public var enforcesRateLimits: Bool
  /// Subtract the real backend's per-user, per-post (per-comment) offset of 0...3 s from every timestamp.
  public var offsetsTimestamps: Bool
  /// The time new posts and comments get, the 120 s in which an author may delete a post, and the rate-limit
  /// windows run on.
  public var clock: ServerClock
  /// Delay added before each answer.
  public var latency: Latency
  /// Simulated failures.
  public var failures: FailureInjection
  public var limits: ServerLimits
  /// How many of the latest requests ``HollowServer/requests`` keeps (older ones are only counted).
  public var requestLogCapacity: Int
  /// Seeds the server's per-request randomness (which posts `randomlist` picks); nil draws a seed from the
  /// system, so every server shows other posts. Tests set it to get the same sequence every run.
  public var randomSeed: UInt64?
  /// The folder that keeps the demo's writes (posts, comments, follows, votes) between runs, shared by every
  /// server given it: a state file per seed and post count, written atomically under a lock. Nil keeps the
  /// writes in memory for the server's life. See ``HollowServer/stateNotices`` for what loading reported.
  public var stateFolder: String?
  /// Forget the writes kept in ``stateFolder`` (for this seed and post count) and start over.
  public var resetState: Bool

  public init(
    seed: UInt64 = 1, postCount: Int = 320, host: String = "127.0.0.1", port: UInt16 = 0, token: String? = nil,
    latency: Latency = .none, failures: FailureInjection = .none, limits: ServerLimits = ServerLimits(),
    requestLogCapacity: Int = 10_000, randomSeed: UInt64? = nil, stateFolder: String? = nil, resetState: Bool = false,
    allowsAnonymousAccess: Bool = false, enforcesRateLimits: Bool = true, offsetsTimestamps: Bool = false,
    clock: ServerClock = .system
  ) {
    self.seed = seed
    self.postCount = postCount
    self.host = host
    self.port = port
    self.token = token
    self.latency = latency
    self.failures = failures
    self.limits = limits
    self.requestLogCapacity = requestLogCapacity
    self.randomSeed = randomSeed
    self.stateFolder = stateFolder
    self.resetState = resetState
    self.allowsAnonymousAccess = allowsAnonymousAccess
    self.enforcesRateLimits = enforcesRateLimits
    self.offsetsTimestamps = offsetsTimestamps
    self.clock = clock
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

/// Limits that keep slow, silent, greedy or hostile clients from holding the server.
///
/// A full server still lets a new client in: it closes the connection that has waited longest (idle
/// between requests, or sending its head or body) of the peer that connects if that peer is at
/// ``maxConnectionsPerPeer``, else of everyone at ``maxConnections``. Only when every connection is
/// busy answering does a new one get a 503, written and then drained (the server stops writing and
/// reads what the client still sends, for at most ``lingerTimeout``) so the answer is not lost to a
/// reset.
///
/// ```swift
/// var limits = ServerLimits()
/// limits.maxConnectionsPerPeer = 32       // one address holds at most 32 connections
/// limits.maxBufferedBodyBytes = 16 << 20  // bodies in flight, all connections together
/// ```
public struct ServerLimits: Sendable, Equatable {
  /// A request head larger than this answers 431.
  public var maxHeaderBytes: Int
  /// A body larger than this answers 413 (the body is not read).
  public var maxBodyBytes: Int
  /// An image larger than this (estimated from its base64 text, as the real backend does) answers HTTP 200,
  /// `-1` "图片大小超出限制！".
  public var maxImageBytes: Int
  /// Time from a request's first byte to the end of its head; then 408 and close.
  public var headerTimeout: Duration
  /// Time from the end of the head to the end of the body; then 408 and close.
  public var bodyTimeout: Duration
  /// Time a kept-alive connection may wait for its next request; then it is closed.
  public var idleTimeout: Duration
  /// Time writing one answer may take in all, however slowly the client reads.
  public var writeTimeout: Duration
  /// Connections open at once; see the type's description for what happens beyond.
  public var maxConnections: Int
  /// Connections open at once from one IP address (at most ``maxConnections``); beyond, that address's
  /// longest-waiting connection is closed, or the new one answered 503 if all of them are busy.
  public var maxConnectionsPerPeer: Int
  /// Requests one connection may carry; the last one is answered with `Connection: close`.
  public var maxRequestsPerConnection: Int
  /// How long one connection may live; the answer after that is sent with `Connection: close`, and an idle
  /// connection is closed.
  public var maxConnectionLifetime: Duration
  /// Request bodies buffered at once, over all connections; a request whose body would pass it answers 503
  /// (try again) without being read.
  public var maxBufferedBodyBytes: Int
  /// How long a refused or rejected connection is drained (its input read and dropped, after the answer and
  /// a shutdown of the sending side) before it is closed.
  public var lingerTimeout: Duration

  public init(
    maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 4 * 1024 * 1024, maxImageBytes: Int = 2_000_000,
    headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30),
    writeTimeout: Duration = .seconds(10), maxConnections: Int = 512, maxConnectionsPerPeer: Int = 256,
    maxRequestsPerConnection: Int = 1_000, maxConnectionLifetime: Duration = .seconds(300),
    maxBufferedBodyBytes: Int = 64 * 1024 * 1024, lingerTimeout: Duration = .milliseconds(500)
  ) {
    self.maxHeaderBytes = maxHeaderBytes
    self.maxBodyBytes = maxBodyBytes
    self.maxImageBytes = maxImageBytes
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.maxConnections = maxConnections
    self.maxConnectionsPerPeer = maxConnectionsPerPeer
    self.maxRequestsPerConnection = maxRequestsPerConnection
    self.maxConnectionLifetime = maxConnectionLifetime
    self.maxBufferedBodyBytes = maxBufferedBodyBytes
    self.lingerTimeout = lingerTimeout
  }
}
