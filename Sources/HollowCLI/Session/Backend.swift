import HollowCache
import HollowKit
import HollowServer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The tree-hole backend a command talks to: the one given by `--server`, or an embedded demo
/// server started on a free loopback port for the duration of the command.
///
/// The embedded server's port changes every run, so its client is configured with a stable
/// origin (``embeddedOrigin``) that the HTTP layer redirects to the real port: the cache namespace
/// and the image keys stay the same from one run to the next, and `--offline` finds them. Its
/// writes are kept in the data folder (``demoStateFolder(_:)``), shared with `serve`, so a post
/// sent by one command is there for the next.
struct Backend: Sendable {
  let client: TreeHoleClient
  /// The embedded server, when there is one; shut down by ``close()``.
  let embedded: HollowServer?

  /// The origin the embedded demo server is known by (`.invalid` never resolves).
  static let embeddedOrigin = URL(string: "http://embedded-demo.hollow.invalid") ?? URL(fileURLWithPath: "/")

  /// The client configuration `options` describe, without starting anything: what names the
  /// cache namespace.
  static func configuration(_ options: GlobalOptions) -> ClientConfiguration {
    ClientConfiguration(
      apiRoot: options.server ?? embeddedOrigin, token: options.token,
      imageBaseURL: options.imageBase ?? (options.server == nil ? embeddedImageBase : nil))
  }

  /// Where the embedded demo server's images live (it serves them itself, under `/images/`).
  static let embeddedImageBase = embeddedOrigin.appendingPathComponent("images", isDirectory: true)

  /// What to say, once, when a server's images cannot be loaded: the API never names its image host.
  static let noImageBase =
    "images are not loaded: the API does not name this server's image host; set it with --image-base URL or HOLLOW_IMAGE_BASE"

  /// Where the demo server keeps its writes: `$XDG_DATA_HOME/hollow` (only if it is an absolute
  /// path, as the XDG specification requires), else `$HOME/.local/share/hollow`; nil without
  /// either (the writes then last only while the server runs).
  static func demoStateFolder(_ variables: [String: String]) -> String? {
    if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") {
      return (data.hasSuffix("/") ? data : data + "/") + "hollow"
    }
    if let home = variables["HOME"], !home.isEmpty {
      return (home.hasSuffix("/") ? home : home + "/") + ".local/share/hollow"
    }
    return nil
  }

  /// Writes what the demo server reported about its kept state (an unreadable file set aside, a
  /// folder it cannot use) to stderr.
  static func report(_ server: HollowServer, to environment: CLIEnvironment) {
    for notice in server.stateNotices { environment.stderr.write("\(HollowCommandLine.name): \(notice)\n") }
  }

  /// The backend of `options`; with `offline`, nothing is started and every request fails as
  /// "not connected" (the loaders send none then).
  static func connect(_ options: GlobalOptions, offline: Bool, environment: CLIEnvironment) throws(CLIFailure)
    -> Backend
  {
    let configuration = configuration(options)
    if offline {
      return Backend(
        client: TreeHoleClient(configuration: configuration, http: UnreachableHTTPClient()), embedded: nil)
    }
    let keeper = rateLimits(for: configuration, environment: environment)
    if options.server != nil {
      // The pool's bound is the loaders' budget per host (`--connections`): never more connections than that.
      return Backend(
        client: TreeHoleClient(
          configuration: configuration, http: NetworkHTTPClient(maximumConnectionsPerHost: options.connections),
          rateLimits: keeper),
        embedded: nil)
    }
    let server = HollowServer(
      configuration: ServerConfiguration(
        port: 0, stateFolder: demoStateFolder(environment.variables), resetState: options.resetDemo))
    report(server, to: environment)
    do {
      try server.start()
    } catch {
      throw .failed("cannot start the embedded server: \(error)")
    }
    guard let root = server.baseURL else { throw .failed("the embedded server did not report its address") }
    let redirect = OriginRedirect(
      base: NetworkHTTPClient(maximumConnectionsPerHost: options.connections), from: embeddedOrigin, to: root)
    return Backend(
      client: TreeHoleClient(configuration: configuration, http: redirect, rateLimits: keeper), embedded: server)
  }

  /// The server's short-term windows for this server and account, kept across runs in the data
  /// folder (`rate-limits-<namespace>`: a hash of the server and the token, never the token).
  /// On the environment's clock.
  static func rateLimits(for configuration: ClientConfiguration, environment: CLIEnvironment) -> RateLimitKeeper {
    let namespace = TreeHoleLoaders.namespace(
      for: TreeHoleClient(configuration: configuration, http: UnreachableHTTPClient()))
    let file = demoStateFolder(environment.variables).map { "\($0)/rate-limits-\(namespace.identifier)" }
    return RateLimitKeeper(file: file, now: environment.rateLimitNow, sleep: environment.rateLimitSleep)
  }

  func close() {
    embedded?.shutdown()
  }
}
