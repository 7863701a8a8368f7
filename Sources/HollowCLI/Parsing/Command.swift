import HollowServer

/// A command to run, with its arguments checked and typed.
///
/// ```swift
/// let command: Command = .search(keywords: ["猫", "狗"], page: 1, includeComments: false)
/// ```
public enum Command: Sendable, Equatable {
  /// `asReady`: print each post once its parts are loaded, instead of in page order.
  case timeline(page: Int, pages: Int, asReady: Bool = false)
  case wander
  /// `saveImages`: a folder to write the post's and its comments' images to.
  case post(pid: Int, saveImages: String? = nil)
  case search(keywords: [String], page: Int, includeComments: Bool)
  case attentions(page: Int)
  case follow(pid: Int)
  case unfollow(pid: Int)
  case send(SendOptions)
  case comment(pid: Int, text: MessageText, replyTo: Int?)
  case vote(pid: Int, option: String)
  case messages
  case cache(CacheCommand)
  /// Writes the cached data of this server and token to the archive at `path`.
  case export(path: String, withImages: Bool)
  /// Restores the archive at `path`; `force` allows one made for another server or token.
  case `import`(path: String, force: Bool)
  case serve(ServeOptions)

  /// Whether the command talks to a tree-hole backend.
  var needsBackend: Bool {
    switch self {
    case .serve, .cache, .export, .import: false
    default: true
    }
  }

  /// Whether the command only reads, so `--offline` can answer it from the cache.
  var readsFeedsOrPosts: Bool {
    switch self {
    case .timeline, .wander, .post, .search, .attentions: true
    default: false
    }
  }
}

/// The subcommands of `cache`.
public enum CacheCommand: Sendable, Equatable {
  case stats
  case verify
  case clear
  case path
}

/// The arguments of `send`.
public struct SendOptions: Sendable, Equatable {
  public var text: MessageText
  /// A path to an image file to attach.
  public var imagePath: String?
  public var voteOptions: [String]
  public var tag: String?

  public init(text: MessageText, imagePath: String? = nil, voteOptions: [String] = [], tag: String? = nil) {
    self.text = text
    self.imagePath = imagePath
    self.voteOptions = voteOptions
    self.tag = tag
  }
}

/// The arguments of `serve`.
public struct ServeOptions: Sendable, Equatable {
  public var port: UInt16
  public var seed: UInt64
  public var latency: Latency
  public var failRate: Double
  /// The token the server requires, if any.
  public var token: String?

  public static let defaultPort: UInt16 = 8080

  public init(
    port: UInt16 = defaultPort, seed: UInt64 = 1, latency: Latency = .none, failRate: Double = 0, token: String? = nil
  ) {
    self.port = port
    self.seed = seed
    self.latency = latency
    self.failRate = failRate
    self.token = token
  }

  /// The server configuration these options describe.
  public var configuration: ServerConfiguration {
    ServerConfiguration(
      seed: seed, port: port, token: token, latency: latency,
      failures: failRate > 0 ? FailureInjection(rate: failRate) : .none)
  }
}
