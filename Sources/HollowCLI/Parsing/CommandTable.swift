/// hollow-cli's commands and global options: the list the parser and the help read. Each
/// command is a type (``HollowCommand``) with its options, its checks and its `run`; a new one
/// is one file and one line in ``commands``, a new global option one row in ``globalOptions``.
///
/// ```swift
/// let parser = ArgumentParser(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
/// ```
public enum CommandTable {
  public static let globalOptions: [OptionSpec] = [
    OptionSpec(
      "server", value: "URL", help: "the tree-hole backend (env HOLLOW_SERVER); default: an embedded demo server"),
    OptionSpec("token", value: "T", help: "the login token, sent as the TOKEN header (env HOLLOW_TOKEN)"),
    OptionSpec(
      "image-base", value: "URL",
      help: "where images live (env HOLLOW_IMAGE_BASE); needed for any server but the embedded one"),
    OptionSpec("json", help: "print the decoded models as one JSON document"),
    OptionSpec("plain", help: "print and exit, even on a terminal (where the reader would open)"),
    OptionSpec(
      "color", value: "WHEN",
      help: "colours: auto (when stdout is a terminal and NO_COLOR is unset; the default), always, never"),
    OptionSpec("no-color", help: "no colours, the same as --color=never"),
    OptionSpec(
      "cache-dir", value: "DIR",
      help: "the cache folder (env HOLLOW_CACHE_DIR); default $XDG_CACHE_HOME/hollow, else ~/.cache/hollow"),
    OptionSpec("offline", help: "send nothing: show only what the cache holds"),
    OptionSpec("no-cache", help: "neither read nor write the cache folder (this run loads everything)"),
    OptionSpec(
      "reset-demo",
      help:
        "the demo server forgets its kept posts, comments, follows and votes (in $XDG_DATA_HOME/hollow) and starts over"
    ),
    OptionSpec("connections", value: "N", help: "requests at once per host, 1-256; default 16"),
    OptionSpec("help", short: "h", help: "show help"),
    OptionSpec("version", help: "show the version"),
  ]

  /// Every command, in the order the help lists them: one line per command type.
  public static let commands: [CommandSpec] = [
    TimelineCommand.spec, WanderCommand.spec, PostCommand.spec, SearchCommand.spec, AttentionsCommand.spec,
    FollowCommand.spec, UnfollowCommand.spec, SendCommand.spec, CommentCommand.spec, VoteCommand.spec,
    MessagesCommand.spec, CacheCommand.spec, ExportCommand.spec, ImportCommand.spec, ServeCommand.spec,
  ]
}
