import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every command accepts, after merging the command line with the environment
/// (`HOLLOW_SERVER`, `HOLLOW_TOKEN`, `HOLLOW_IMAGE_BASE`, `NO_COLOR`) and the config file
/// (``UserConfiguration``): the command line wins over the environment, which wins over the file
/// (`--color=always` colours even with `NO_COLOR` set).
/// `HOLLOW_CACHE_DIR` and `XDG_CACHE_HOME` are read when the cache folder is resolved
/// (``HollowCache/CacheDirectory``).
///
/// ```swift
/// let options = try GlobalOptions(parsed.global, environment: ["HOLLOW_SERVER": "http://127.0.0.1:8080"])
/// options.server  // http://127.0.0.1:8080
/// ```
public struct GlobalOptions: Sendable, Equatable {
  /// The backend; `nil` runs the embedded demo server.
  public var server: URL?
  /// Sent as the `TOKEN` header; never printed.
  public var token: String?
  /// Where images live; `nil` means `<server>/images/`.
  public var imageBase: URL?
  public var json = false
  /// `--color`, `--no-color` (`never`), else `never` when `NO_COLOR` is set (any value), else `auto`.
  public var color = ColorMode.auto
  /// `--cache-dir`; `nil` resolves `HOLLOW_CACHE_DIR`, then `$XDG_CACHE_HOME/hollow`, then `~/.cache/hollow`.
  public var cacheDirectory: String?
  /// `--offline`: serve only from the cache, send nothing.
  public var offline = false
  /// `--no-cache`: neither read nor write the cache folder (a throwaway one serves this run).
  public var noCache = false
  /// `--reset-demo`: the demo server (embedded or `serve`) forgets the writes it kept and starts over.
  public var resetDemo = false
  /// `--connections`: requests at once per host, over pages, images and cited posts.
  public var connections = HostLimiter.defaultLimitPerHost
  /// The range `--connections` accepts.
  static let connectionRange = 1...256
  /// The config file's `theme`: colours for a dark (the default) or a light background.
  var theme = UserConfiguration.Theme.dark
  /// `--no-images`, else the config file's `images`: whether the reader starts with pictures.
  var images = true
  /// The config file's `default_feed`: what the reader opens on without a command.
  var defaultFeed = FeedSource.timeline
  /// The config file's `[keys]`.
  var keys = KeyBindings()
  /// Where each of server, token and image base came from: `--server`, `HOLLOW_SERVER`, the file's line.
  var sources: [String: String] = [:]

  public init(
    server: URL? = nil, token: String? = nil, imageBase: URL? = nil, json: Bool = false, color: ColorMode = .auto,
    cacheDirectory: String? = nil, offline: Bool = false, noCache: Bool = false
  ) {
    self.server = server
    self.token = token
    self.imageBase = imageBase
    self.json = json
    self.color = color
    self.cacheDirectory = cacheDirectory
    self.offline = offline
    self.noCache = noCache
  }

  public init(_ parsed: ParsedArguments, environment: [String: String], command: String?) throws(UsageError) {
    try self.init(parsed, environment: environment, command: command, config: UserConfiguration())
  }

  init(_ parsed: ParsedArguments, environment: [String: String], command: String?, config: UserConfiguration)
    throws(UsageError)
  {
    func setting(_ option: OptionSpec, _ variable: String, _ file: UserConfiguration.Setting?, _ key: String)
      -> (text: String, source: String)?
    {
      if let value = parsed.value(option) { return (value, "--\(option.name)") }
      if let value = environment[variable], !value.isEmpty { return (value, variable) }
      if let file, let path = config.path { return (file.value, "\(key) in \(path):\(file.line)") }
      return nil
    }
    var sources: [String: String] = [:]
    if let (text, source) = setting(GlobalOption.server, "HOLLOW_SERVER", config.server, "server") {
      server = try Self.httpURL(text, source: source, command: command)
      sources["server"] = source
    }
    if let (text, source) = setting(GlobalOption.imageBase, "HOLLOW_IMAGE_BASE", config.imageBase, "image_base") {
      imageBase = try Self.httpURL(text, source: source, command: command)
      sources["image_base"] = source
    }
    if let (text, source) = setting(GlobalOption.token, "HOLLOW_TOKEN", config.token, "token") {
      token = text
      sources["token"] = source
    } else if let command = config.tokenCommand, let path = config.path {
      sources["token"] = "token_command in \(path):\(command.line)"
    }
    if let path = config.path {
      if config.theme != nil { sources["theme"] = path }
      if config.images != nil { sources["images"] = path }
      if config.defaultFeed != nil { sources["default_feed"] = path }
    }
    if parsed.flag(GlobalOption.noImages) { sources["images"] = "--no-images" }
    self.sources = sources
    theme = config.theme ?? .dark
    images = parsed.flag(GlobalOption.noImages) ? false : config.images ?? true
    defaultFeed = config.defaultFeed ?? .timeline
    keys = config.keys
    json = parsed.flag(GlobalOption.json)
    color = try Self.colorMode(parsed, environment: environment, command: command)
    if let directory = parsed.value(GlobalOption.cacheDirectory) {
      guard !directory.isEmpty else { throw UsageError("--cache-dir needs a folder, not ''", command: command) }
      cacheDirectory = directory
    }
    offline = parsed.flag(GlobalOption.offline)
    noCache = parsed.flag(GlobalOption.noCache)
    resetDemo = parsed.flag(GlobalOption.resetDemo)
    if resetDemo, server != nil, command != "serve" {
      throw UsageError(
        "--reset-demo starts the demo server's data over; it does not apply with --server", command: command)
    }
    if let text = parsed.value(GlobalOption.connections) {
      guard let value = Int(text), Self.connectionRange.contains(value) else {
        throw UsageError("--connections needs a whole number from 1 to 256, not '\(text)'", command: command)
      }
      connections = value
    }
    if offline, noCache {
      throw UsageError("--offline shows only the cache, so it cannot be combined with --no-cache", command: command)
    }
  }

  /// Whether colours are off for good: `--no-color`, `--color=never`, or `NO_COLOR` without a `--color`.
  public var noColor: Bool { color == .never }

  /// The command line's `--color WHEN` or `--no-color` (they must agree), else `NO_COLOR`.
  static func colorMode(_ parsed: ParsedArguments, environment: [String: String], command: String?)
    throws(UsageError) -> ColorMode
  {
    var mode: ColorMode?
    if let text = parsed.value(GlobalOption.color) {
      guard let given = ColorMode(rawValue: text) else {
        let choices = ColorMode.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError("--color must be one of \(choices), not '\(text)'", command: command)
      }
      mode = given
    }
    if parsed.flag(GlobalOption.noColor) {
      if let mode, mode != .never {
        throw UsageError("--no-color contradicts --color=\(mode.rawValue)", command: command)
      }
      mode = .never
    }
    return mode ?? (environment["NO_COLOR"] != nil ? .never : .auto)
  }

  static func httpURL(_ text: String, source: String, command: String?) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else {
      throw UsageError("\(source) must be an http:// or https:// URL, not '\(text)'", command: command)
    }
    return url
  }
}
