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
/// and the image keys stay the same from one run to the next, and `--offline` finds them.
struct Backend: Sendable {
  let client: TreeHoleClient
  /// Notices whether the server could not be reached.
  let watch: TransportWatch
  /// The embedded server, when there is one; shut down by ``close()``.
  let embedded: HollowServer?

  /// The origin the embedded demo server is known by (`.invalid` never resolves).
  static let embeddedOrigin = URL(string: "http://embedded-demo.hollow.invalid") ?? URL(fileURLWithPath: "/")

  /// The client configuration `options` describe, without starting anything: what names the
  /// cache namespace.
  static func configuration(_ options: GlobalOptions) -> ClientConfiguration {
    ClientConfiguration(
      apiRoot: options.server ?? embeddedOrigin, token: options.token, imageBaseURL: options.imageBase)
  }

  /// The backend of `options`; with `offline`, nothing is started and every request fails as
  /// "not connected" (the loaders send none then).
  static func connect(_ options: GlobalOptions, offline: Bool) throws(CLIFailure) -> Backend {
    let configuration = configuration(options)
    if offline {
      let watch = TransportWatch(base: UnreachableHTTPClient())
      return Backend(client: TreeHoleClient(configuration: configuration, http: watch), watch: watch, embedded: nil)
    }
    if options.server != nil {
      let watch = TransportWatch(base: NetworkHTTPClient())
      return Backend(client: TreeHoleClient(configuration: configuration, http: watch), watch: watch, embedded: nil)
    }
    let server = HollowServer(configuration: ServerConfiguration(port: 0))
    do {
      try server.start()
    } catch {
      throw .failed("cannot start the embedded server: \(error)")
    }
    guard let root = server.baseURL else { throw .failed("the embedded server did not report its address") }
    let redirect = OriginRedirect(base: NetworkHTTPClient(), from: embeddedOrigin, to: root)
    let watch = TransportWatch(base: redirect)
    return Backend(client: TreeHoleClient(configuration: configuration, http: watch), watch: watch, embedded: server)
  }

  func close() {
    embedded?.shutdown()
  }
}
