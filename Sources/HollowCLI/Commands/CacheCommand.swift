/// `cache`: the group of commands that inspect and manage the local cache.
enum CacheCommand {
  static let spec = CommandSpec(
    "cache", summary: "inspect and manage the local cache",
    subcommands: [CacheStatsCommand.spec, CacheVerifyCommand.spec, CacheClearCommand.spec, CachePathCommand.spec],
    examples: ["cache stats", "cache verify", "--cache-dir /tmp/hollow cache path"])
}
