/// hollow-cli's commands and global options: the list the parser and the help read. Each
/// command is a type (``HollowCommand``) with its options, its checks and its `run`; a new one
/// is one file and one line in ``commands``, a new global option one row in ``globalOptions``.
///
/// ```swift
/// let parser = ArgumentParser(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
/// ```
public enum CommandTable {
  /// The global options, declared once in ``GlobalOption``.
  public static let globalOptions: [OptionSpec] = GlobalOption.all

  /// Every command, in the order the help lists them: one line per command type.
  public static let commands: [CommandSpec] = [
    TimelineCommand.spec, WanderCommand.spec, PostCommand.spec, SearchCommand.spec, AttentionsCommand.spec,
    FollowCommand.spec, UnfollowCommand.spec, SendCommand.spec, CommentCommand.spec, VoteCommand.spec,
    MessagesCommand.spec, CacheCommand.spec, ExportCommand.spec, ImportCommand.spec, ServeCommand.spec,
    ConfigCommand.spec, CompletionsCommand.spec, ManCommand.spec,
  ]
}

/// The options every command accepts, each declared once: the parser, the help, the completions,
/// the man page, the config file's keys (``OptionSpec/configKey``) and the redaction of secrets
/// (``OptionSpec/secret``) read these rows; ``GlobalOptions`` reads their values through them.
enum GlobalOption {
  static let server = OptionSpec(
    "server", value: "URL", configKey: "server",
    help: "the tree-hole backend (env HOLLOW_SERVER); default: an embedded demo server")
  static let token = OptionSpec(
    "token", value: "T", secret: true, configKey: "token",
    help: "the login token, sent as the TOKEN header (env HOLLOW_TOKEN)")
  static let imageBase = OptionSpec(
    "image-base", value: "URL", configKey: "image_base",
    help: "where images live (env HOLLOW_IMAGE_BASE); needed for any server but the embedded one")
  static let json = OptionSpec("json", help: "print the decoded models as one JSON document")
  static let plain = OptionSpec("plain", help: "print and exit, even on a terminal (where the reader would open)")
  static let color = OptionSpec(
    "color", value: "WHEN", choices: ColorMode.allCases.map(\.rawValue),
    help: "colours: auto (when stdout is a terminal and NO_COLOR is unset; the default), always, never")
  static let noColor = OptionSpec("no-color", help: "no colours, the same as --color=never")
  static let noImages = OptionSpec(
    "no-images", help: "the reader shows [image WxH] instead of pictures (i toggles them; config: images = false)")
  static let cacheDirectory = OptionSpec(
    "cache-dir", value: "DIR",
    help: "the cache folder (env HOLLOW_CACHE_DIR); default $XDG_CACHE_HOME/hollow, else ~/.cache/hollow")
  static let offline = OptionSpec("offline", help: "send nothing: show only what the cache holds")
  static let noCache = OptionSpec(
    "no-cache", help: "neither read nor write the cache folder (this run loads everything)")
  static let resetDemo = OptionSpec(
    "reset-demo",
    help:
      "the demo server forgets its kept posts, comments, follows and votes (in $XDG_DATA_HOME/hollow) and starts over")
  static let connections = OptionSpec("connections", value: "N", help: "requests at once per host, 1-256; default 16")
  static let help = OptionSpec("help", short: "h", help: "show help")
  static let version = OptionSpec("version", help: "show the version")

  /// In the order the help lists them.
  static let all = [
    server, token, imageBase, json, plain, color, noColor, noImages, cacheDirectory, offline, noCache, resetDemo,
    connections, help, version,
  ]
}
