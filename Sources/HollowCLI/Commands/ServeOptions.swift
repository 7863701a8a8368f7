import HollowServer

/// The arguments of `serve`.
public struct ServeOptions: Sendable, Equatable {
  public var port: UInt16
  public var seed: UInt64
  public var latency: Latency
  public var failRate: Double
  /// The token the server requires, if any.
  public var token: String?
  /// `--anonymous`: a request without the token reads as an anonymous user.
  public var allowsAnonymous: Bool
  /// Off with `--no-rate-limits`.
  public var rateLimits: Bool
  /// `--timestamp-offsets`.
  public var timestampOffsets: Bool

  public static let defaultPort: UInt16 = 8080

  public init(
    port: UInt16 = defaultPort, seed: UInt64 = 1, latency: Latency = .none, failRate: Double = 0, token: String? = nil,
    allowsAnonymous: Bool = false, rateLimits: Bool = true, timestampOffsets: Bool = false
  ) {
    self.port = port
    self.seed = seed
    self.latency = latency
    self.failRate = failRate
    self.token = token
    self.allowsAnonymous = allowsAnonymous
    self.rateLimits = rateLimits
    self.timestampOffsets = timestampOffsets
  }

  /// The server configuration these options describe.
  public var configuration: ServerConfiguration {
    ServerConfiguration(
      seed: seed, port: port, token: token, latency: latency,
      failures: failRate > 0 ? FailureInjection(rate: failRate) : .none, allowsAnonymousAccess: allowsAnonymous,
      enforcesRateLimits: rateLimits, offsetsTimestamps: timestampOffsets)
  }
}
