import HollowServer

/// A command to run, with its arguments checked and typed.
///
/// ```swift
/// let command: Command = .search(keywords: ["猫", "狗"], page: 1, includeComments: false)
/// ```
public enum Command: Sendable, Equatable {
  case timeline(page: Int, pages: Int)
  case wander
  case post(pid: Int)
  case search(keywords: [String], page: Int, includeComments: Bool)
  case attentions(page: Int)
  case follow(pid: Int)
  case unfollow(pid: Int)
  case send(SendOptions)
  case comment(pid: Int, text: String, replyTo: Int?)
  case vote(pid: Int, option: String)
  case messages
  case serve(ServeOptions)

  /// Whether the command talks to a tree-hole backend (every command but `serve`).
  var needsBackend: Bool {
    if case .serve = self { return false }
    return true
  }
}

/// The arguments of `send`.
public struct SendOptions: Sendable, Equatable {
  public var text: String
  /// A path to an image file to attach.
  public var imagePath: String?
  public var voteOptions: [String]
  public var tag: String?

  public init(text: String, imagePath: String? = nil, voteOptions: [String] = [], tag: String? = nil) {
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
