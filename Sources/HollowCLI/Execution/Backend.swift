import HollowKit
import HollowServer

/// The tree-hole backend a command talks to: the one given by `--server`, or an embedded demo
/// server started on a free loopback port for the duration of the command.
struct Backend: Sendable {
  let client: TreeHoleClient
  /// The embedded server, when there is one; shut down by ``close()``.
  let embedded: HollowServer?

  static func connect(_ options: GlobalOptions) throws(CLIFailure) -> Backend {
    if let server = options.server {
      let configuration = ClientConfiguration(apiRoot: server, token: options.token, imageBaseURL: options.imageBase)
      return Backend(client: TreeHoleClient(configuration: configuration), embedded: nil)
    }
    let server = HollowServer(configuration: ServerConfiguration(port: 0))
    do {
      try server.start()
    } catch {
      throw .failed("cannot start the embedded server: \(error)")
    }
    guard let root = server.baseURL else { throw .failed("the embedded server did not report its address") }
    let configuration = ClientConfiguration(
      apiRoot: root, token: options.token, imageBaseURL: options.imageBase ?? server.imageBaseURL)
    return Backend(client: TreeHoleClient(configuration: configuration), embedded: server)
  }

  func close() {
    embedded?.shutdown()
  }
}
