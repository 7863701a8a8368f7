import HollowServer

/// Runs `serve`: the demo server in the foreground until ``CLIEnvironment/waitForTermination``
/// returns (SIGINT or SIGTERM in the real process), printing where it listens.
struct ServeRunner: Sendable {
  let environment: CLIEnvironment
  let json: Bool
  /// `--reset-demo`: forget the kept writes first.
  var resetDemo = false

  /// What `serve --json` prints.
  struct Address: Codable, Equatable {
    var url: String
    var imageBase: String
    var tokenRequired: Bool

    enum CodingKeys: String, CodingKey {
      case url
      case imageBase = "image_base"
      case tokenRequired = "token_required"
    }
  }

  func run(_ options: ServeOptions) async throws(CLIFailure) {
    var configuration = options.configuration
    let stateFolder = Backend.demoStateFolder(environment.variables)
    configuration.stateFolder = stateFolder
    configuration.resetState = resetDemo
    let server = HollowServer(configuration: configuration)
    Backend.report(server, to: environment)
    do {
      try server.start()
    } catch {
      throw .failed("cannot start the server on port \(options.port): \(error)")
    }
    defer { server.shutdown() }
    guard let url = server.baseURL, let images = server.imageBaseURL else {
      throw .failed("the server did not report its address")
    }
    if json {
      let address = Address(
        url: url.absoluteString, imageBase: images.absoluteString, tokenRequired: options.token != nil)
      environment.stdout.write(JSONText.encode(address) + "\n")
    } else {
      var lines = [
        "serving the demo tree hole at \(url.absoluteString) (seed \(options.seed))",
        "images at \(images.absoluteString)/",
        "try: \(HollowCommandLine.name) --server \(url.absoluteString) --image-base \(images.absoluteString)/ timeline",
      ]
      if options.token != nil {
        lines.append(
          options.allowsAnonymous
            ? "without the token given with --token, requests read anonymously (list, wander, detail, search)"
            : "every request needs the token given with --token")
      }
      lines.append(
        options.rateLimits
          ? "rate limits on, as on the real tree hole (--no-rate-limits turns them off)" : "rate limits off")
      if let stateFolder, server.keepsState {
        lines.append("writes are kept in \(stateFolder) (--reset-demo starts over)")
      } else {
        lines.append("writes last only while the server runs")
      }
      lines.append("press Ctrl-C to stop")
      environment.stdout.write(lines.map { $0 + "\n" }.joined())
    }
    await environment.waitForTermination()
    environment.stderr.write("stopping\n")
  }
}
