/// What every connection thread shares: immutable configuration and thread-safe services.
final class ServerContext: Sendable {
  let configuration: ServerConfiguration
  let router: Router
  let faults: FaultInjector
  let log: RequestLog
  /// Request bodies buffered at once, over all connections.
  let bodyBudget: BodyBudget
  /// Fired by `shutdown()`: cuts every simulated delay short.
  let shutdownLatch = ShutdownLatch()

  init(configuration: ServerConfiguration) {
    self.configuration = configuration
    log = RequestLog(capacity: configuration.requestLogCapacity)
    bodyBudget = BodyBudget(bytes: configuration.limits.maxBufferedBodyBytes)
    router = Router(
      store: DataStore(
        seed: configuration.seed, postCount: configuration.postCount, randomSeed: configuration.randomSeed,
        stateFolder: configuration.stateFolder, resetState: configuration.resetState, clock: configuration.clock,
        offsetsTimestamps: configuration.offsetsTimestamps),
      token: configuration.token, allowsAnonymous: configuration.allowsAnonymousAccess,
      limiter: configuration.enforcesRateLimits ? RateLimiter(clock: configuration.clock) : nil,
      maxImageBytes: configuration.limits.maxImageBytes)
    faults = FaultInjector(latency: configuration.latency, failures: configuration.failures, seed: configuration.seed)
  }
}
