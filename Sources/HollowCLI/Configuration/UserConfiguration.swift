import HollowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settings of the config file, `$XDG_CONFIG_HOME/hollow/config.toml` (if absolute), else
/// `~/.config/hollow/config.toml` (``ConfigFile`` says its syntax). The command line beats the
/// environment, which beats the file (``GlobalOptions`` merges them). A missing file is no error;
/// a bad line is, with its line number.
///
/// ```toml
/// server = "https://tree.example"
/// token_command = "pass show hollow"   # or token = "…" in a file only you can read
/// image_base = "https://img.tree.example/"
/// default_feed = "wander"              # timeline, wander or attentions: what no command opens
/// images = false                       # the reader shows [image WxH] instead of pictures
/// theme = "light"                      # colours for a light or a dark (the default) background
///
/// [keys]
/// down = ["j", "ctrl-n"]
/// ```
struct UserConfiguration: Sendable, Equatable {
  enum Theme: String, Sendable, Equatable, CaseIterable {
    case dark
    case light
  }

  /// Where the file is (or would be); nil without `XDG_CONFIG_HOME` or `HOME`.
  var path: String?
  var exists = false
  var server: Setting?
  var token: Setting?
  var tokenCommand: Setting?
  var imageBase: Setting?
  var defaultFeed: FeedSource?
  var images: Bool?
  var theme: Theme?
  var keys = KeyBindings()
  /// The file holds a token and others may read it.
  var tokenReadableByOthers = false

  /// A string setting and its line, for messages ("server (config.toml:3)").
  struct Setting: Sendable, Equatable {
    var value: String
    var line: Int
  }

  /// The top-level keys and the tables the file may hold.
  static let schema: [String: Set<String>] = [
    "": Set(GlobalOption.all.compactMap(\.configKey)).union(["token_command", "default_feed", "images", "theme"]),
    "keys": Set(KeyBindings.commandNames.keys),
  ]

  /// The largest file read: a config is a few lines.
  static let maximumBytes = 1 << 20

  static func path(_ variables: [String: String]) -> String? {
    if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return (config.hasSuffix("/") ? config : config + "/") + "hollow/config.toml"
    }
    if let home = variables["HOME"], !home.isEmpty {
      return (home.hasSuffix("/") ? home : home + "/") + ".config/hollow/config.toml"
    }
    return nil
  }

  /// The configuration of `variables`' file; no file is an empty configuration.
  static func load(_ variables: [String: String]) throws(UsageError) -> UserConfiguration {
    guard let path = path(variables) else { return UserConfiguration() }
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return UserConfiguration(path: path) }
      throw UsageError("cannot read the config file \(path): \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= maximumBytes,
      let data = FileManager.default.contents(atPath: path)
    else {
      throw UsageError("the config file \(path) is not a readable file of at most 1 MiB")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw UsageError("the config file \(path) is not UTF-8")
    }
    var configuration = try parse(text, path: path)
    configuration.tokenReadableByOthers = configuration.token != nil && status.st_mode & 0o077 != 0
    return configuration
  }

  /// The configuration `text` describes.
  static func parse(_ text: String, path: String) throws(UsageError) -> UserConfiguration {
    let file: ConfigFile
    do {
      file = try ConfigFile.parse(text, path: path, schema: schema)
    } catch {
      throw UsageError(error.description)
    }
    var configuration = UserConfiguration(path: path, exists: true)
    func wrong(_ key: String, _ expected: String) -> UsageError {
      let entry = file.entries[key]
      return UsageError(
        "\(path):\(entry?.line ?? 0): \(key) must be \(expected), not \(entry?.value.kind ?? "nothing")")
    }
    func string(_ key: String) throws(UsageError) -> Setting? {
      guard let entry = file.entries[key] else { return nil }
      guard case .string(let value) = entry.value, !value.isEmpty else { throw wrong(key, "a non-empty string") }
      return Setting(value: value, line: entry.line)
    }
    // The keys the global options declare (OptionSpec.configKey), and the file's own.
    configuration.server = try string(GlobalOption.server.configKey ?? "")
    configuration.token = try string(GlobalOption.token.configKey ?? "")
    configuration.tokenCommand = try string("token_command")
    configuration.imageBase = try string(GlobalOption.imageBase.configKey ?? "")
    if configuration.token != nil, let command = configuration.tokenCommand {
      throw UsageError("\(path):\(command.line): give token or token_command, not both")
    }
    if let feed = try string("default_feed") {
      switch feed.value {
      case "timeline": configuration.defaultFeed = .timeline
      case "wander": configuration.defaultFeed = .wander
      case "attentions": configuration.defaultFeed = .followed
      default:
        throw UsageError(
          "\(path):\(feed.line): default_feed must be timeline, wander or attentions, not '\(feed.value)'")
      }
    }
    if let entry = file.entries["images"] {
      guard case .bool(let on) = entry.value else { throw wrong("images", "true or false") }
      configuration.images = on
    }
    if let theme = try string("theme") {
      guard let value = Theme(rawValue: theme.value) else {
        throw UsageError("\(path):\(theme.line): theme must be dark or light, not '\(theme.value)'")
      }
      configuration.theme = value
    }
    for (key, entry) in file.entries.sorted(by: { $0.value.line < $1.value.line }) where key.hasPrefix("keys.") {
      let keys: [String]
      switch entry.value {
      case .string(let key): keys = [key]
      case .strings(let list): keys = list
      default: throw wrong(key, "a key or an array of keys")
      }
      if let problem = configuration.keys.bind(String(key.dropFirst("keys.".count)), keys: keys) {
        throw UsageError("\(path):\(entry.line): \(problem)")
      }
    }
    return configuration
  }
}
