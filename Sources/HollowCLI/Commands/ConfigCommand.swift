import HollowKit
/// `config`: where the config file is and the settings in effect, each with where it came from
/// (a flag, the environment, the file, the default). Never the token: only whether there is one
/// and where it comes from (`token_command` is not run).
struct ConfigCommand: HollowCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "config", summary: "show the config file's path and the settings in effect (never the token)",
    examples: ["config", "--server http://127.0.0.1:8080 config"])

  /// `--json`'s document.
  struct Report: Encodable, Equatable {
    var file: String?
    var fileExists: Bool
    var settings: [Row]

    enum CodingKeys: String, CodingKey {
      case file
      case fileExists = "file_exists"
      case settings
    }
  }

  struct Row: Encodable, Equatable {
    var key: String
    var value: String
    var source: String
  }

  func run(in context: CommandContext) async throws(CLIFailure) {
    let variables = context.environment.variables
    let config = try UserConfiguration.loadForReport(variables)
    let report = Self.report(context.options, config: config, variables: variables)
    if context.options.json { return context.output.emit(report) }
    let status = report.file.map { report.fileExists ? $0 : "\($0) (not found)" } ?? "none (no XDG_CONFIG_HOME or HOME)"
    var lines = ["config file: \(status)"]
    let width = report.settings.map(\.key.count).max() ?? 0
    for row in report.settings {
      lines.append(row.key + String(repeating: " ", count: width - row.key.count) + "  \(row.value) (\(row.source))")
    }
    context.output.print(lines)
  }

  static func report(_ options: GlobalOptions, config: UserConfiguration, variables: [String: String]) -> Report {
    func source(_ key: String) -> String { options.sources[key] ?? "default" }
    var rows = [
      Row(key: "server", value: options.server?.absoluteString ?? "the embedded demo server", source: source("server")),
      Row(
        key: "token",
        value: options.token != nil
          ? "set, not shown" : (config.tokenCommand != nil ? "from token_command, not run here" : "not set"),
        source: source("token")),
      Row(
        key: "image_base", value: options.imageBase?.absoluteString ?? "<server>/images/", source: source("image_base")),
      Row(key: "default_feed", value: options.defaultFeed.configName, source: source("default_feed")),
      Row(key: "images", value: options.images ? "on" : "off", source: source("images")),
      Row(key: "theme", value: options.theme.rawValue, source: source("theme")),
    ]
    for (key, command) in config.keys.listed {
      rows.append(Row(key: "keys.\(command)", value: key, source: config.path ?? "config file"))
    }
    return Report(file: config.path, fileExists: config.exists, settings: rows)
  }
}

extension FeedSource {
  /// How the config file's `default_feed` names it (a search is never a default feed).
  var configName: String {
    switch self {
    case .timeline: "timeline"
    case .wander: "wander"
    case .followed: "attentions"
    case .search, .followedSearch: "search"
    }
  }
}

extension UserConfiguration {
  /// ``load(_:)``, its errors as failures of `config`.
  static func loadForReport(_ variables: [String: String]) throws(CLIFailure) -> UserConfiguration {
    do {
      return try load(variables)
    } catch {
      throw .usage(error)
    }
  }
}
