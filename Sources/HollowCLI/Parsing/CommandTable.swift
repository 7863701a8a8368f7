import HollowKit
import HollowServer

/// The table of hollow-cli's commands and global options: the single source for parsing, typed
/// arguments and help. A new command (say `cache clear`, `export`, `import`) or global option
/// (`--offline`, `--cache-dir DIR`) is one more row here and one more ``Command`` case.
///
/// ```swift
/// let parser = ArgumentParser(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
/// ```
public enum CommandTable {
  public static let globalOptions: [OptionSpec] = [
    OptionSpec(
      "server", value: "URL", help: "the tree-hole backend (env HOLLOW_SERVER); default: an embedded demo server"),
    OptionSpec("token", value: "T", help: "the login token, sent as the TOKEN header (env HOLLOW_TOKEN)"),
    OptionSpec("image-base", value: "URL", help: "where images live (env HOLLOW_IMAGE_BASE); default <server>/images/"),
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

  public static let commands: [CommandSpec] = [
    timeline, wander, post, search, attentions, follow(true), follow(false), send, comment, vote, messages, cache,
    export, importArchive, serve,
  ]

  static let positivePid = 1...Int.max
  static let pidArgument = PositionalSpec("PID", help: "the post's number: 123 or #123 (quote the # in a shell)")
  static let textArgument = PositionalSpec(
    "TEXT", .optionalVariadic,
    help: "the text; several words are joined by spaces; - reads stdin, as does no TEXT when stdin is not a terminal")
  static let editOption = OptionSpec(
    "edit", help: "write the text in $VISUAL or $EDITOR (TEXT, if given, is the draft)")

  static let timeline = CommandSpec(
    "timeline", summary: "show the newest posts with their first comments and the posts they cite",
    options: [
      OptionSpec("page", value: "N", help: "the first page to show, 1...\(APILimits.maximumListPage) (default 1)"),
      OptionSpec("pages", value: "K", help: "how many pages to show from there (default 1)"),
      OptionSpec("as-ready", help: "print each post as soon as its images and quotes are loaded, not in page order"),
    ],
    examples: ["timeline", "timeline --page 3 --pages 2", "timeline --pages 3 --as-ready"]
  ) { arguments throws(UsageError) in
    let page = try arguments.integer("page", in: 1...APILimits.maximumListPage) ?? 1
    let pages = try arguments.integer("pages", in: 1...(APILimits.maximumListPage - page + 1)) ?? 1
    return .timeline(page: page, pages: pages, asReady: arguments.flag("as-ready"))
  }

  static let wander = CommandSpec(
    "wander", summary: "show \(15) random posts", examples: ["wander"]
  ) { _ throws(UsageError) in .wander }

  static let post = CommandSpec(
    "post", summary: "show a post, all its comments and the posts it cites", positionals: [pidArgument],
    options: [
      OptionSpec("save-images", value: "DIR", help: "write the post's and its comments' images to DIR (created)")
    ],
    examples: ["post 40319", "post '#40319'", "post 40319 --save-images ./images"]
  ) { arguments throws(UsageError) in
    if arguments.value("save-images") == "" {
      throw UsageError("--save-images needs a folder, not ''", command: arguments.command)
    }
    return .post(pid: try pid(arguments), saveImages: arguments.value("save-images"))
  }

  static let search = CommandSpec(
    "search", summary: "search posts; every keyword is highlighted",
    positionals: [PositionalSpec("KEYWORDS", .variadic, help: "words to look for (at most 30 characters in all)")],
    options: [
      OptionSpec("page", value: "N", help: "the page of results, 1...\(APILimits.maximumSearchPage) (default 1)"),
      OptionSpec("comments", help: "search comments too"),
    ],
    examples: ["search 食堂", "search 食堂 猫 --comments --page 2"]
  ) { arguments throws(UsageError) in
    let keywords = arguments.variadic("KEYWORDS").flatMap { $0.split(separator: " ").map(String.init) }
    guard !keywords.isEmpty else { throw UsageError("missing KEYWORDS", command: arguments.command) }
    let page = try arguments.integer("page", in: 1...APILimits.maximumSearchPage) ?? 1
    return .search(keywords: keywords, page: page, includeComments: arguments.flag("comments"))
  }

  static let attentions = CommandSpec(
    "attentions", summary: "show the posts you follow",
    options: [OptionSpec("page", value: "N", help: "the page, 1...\(APILimits.maximumListPage) (default 1)")],
    examples: ["attentions"]
  ) { arguments throws(UsageError) in
    .attentions(page: try arguments.integer("page", in: 1...APILimits.maximumListPage) ?? 1)
  }

  static func follow(_ follow: Bool) -> CommandSpec {
    CommandSpec(
      follow ? "follow" : "unfollow", summary: follow ? "follow a post" : "stop following a post",
      positionals: [pidArgument], examples: [follow ? "follow 40112" : "unfollow '#40120'"]
    ) { arguments throws(UsageError) in
      let pid = try pid(arguments)
      return follow ? .follow(pid: pid) : .unfollow(pid: pid)
    }
  }

  static let send = CommandSpec(
    "send", summary: "publish a post (it may cite posts as #123)",
    positionals: [textArgument],
    options: [
      editOption,
      OptionSpec("image", value: "FILE", help: "attach an image file (at most 2 MB)"),
      OptionSpec(
        "vote", value: "OPTION", repeatable: true, help: "a poll option; repeat for each (2...4, at most 15 characters)"
      ),
      OptionSpec("tag", value: "T", help: "a tag such as 性相关"),
    ],
    examples: [
      "send \"今天食堂的饺子不错\"", "send 今天 食堂的饺子 不错", "send \"吃什么？\" --vote 面 --vote 饭",
      "send - < post.txt", "send --edit",
    ]
  ) { arguments throws(UsageError) in
    .send(
      SendOptions(
        text: text(arguments), imagePath: arguments.value("image"), voteOptions: arguments.values("vote"),
        tag: arguments.value("tag")))
  }

  static let comment = CommandSpec(
    "comment", summary: "comment on a post",
    positionals: [pidArgument, textArgument],
    options: [
      OptionSpec("reply-to", value: "CID", help: "answer the comment with this number: 1000418 or #1000418"),
      editOption,
    ],
    examples: ["comment 40120 \"同意\"", "comment '#40120' 不同意 --reply-to 1000418", "comment 40120 --edit"]
  ) { arguments throws(UsageError) in
    let replyTo = try arguments.value("reply-to").map { text throws(UsageError) in
      try number(text, what: "--reply-to", arguments)
    }
    return .comment(pid: try pid(arguments), text: text(arguments), replyTo: replyTo)
  }

  static let vote = CommandSpec(
    "vote", summary: "vote in a post's poll",
    positionals: [pidArgument, PositionalSpec("OPTION", help: "the option, as shown")],
    examples: ["vote 40120 豆浆"]
  ) { arguments throws(UsageError) in
    .vote(pid: try pid(arguments), option: try arguments.required("OPTION"))
  }

  static let messages = CommandSpec(
    "messages", summary: "show the system messages", examples: ["messages"]
  ) { _ throws(UsageError) in .messages }

  static let serve = CommandSpec(
    "serve", summary: "run the demo tree-hole server until Ctrl-C",
    options: [
      OptionSpec("port", value: "P", help: "the port, 0 for any free one (default \(ServeOptions.defaultPort))"),
      OptionSpec("seed", value: "S", help: "seeds the generated posts (default 1)"),
      OptionSpec("latency", value: "MS|MIN-MAX", help: "delay every answer by MS, or by MIN to MAX milliseconds"),
      OptionSpec("fail-rate", value: "R", help: "fail this fraction of requests, 0...1 (default 0)"),
      OptionSpec("token", value: "T", help: "require this TOKEN header"),
    ],
    examples: ["serve --port 8080", "serve --latency 20-200 --fail-rate 0.1"]
  ) { arguments throws(UsageError) in
    var options = ServeOptions()
    if let port = try arguments.integer("port", in: 0...Int(UInt16.max)) { options.port = UInt16(port) }
    if let seed = arguments.value("seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("--seed must be a whole number ≥ 0, not '\(seed)'", command: arguments.command)
      }
      options.seed = value
    }
    if let latency = arguments.value("latency") { options.latency = try parseLatency(latency, arguments) }
    if let rate = arguments.value("fail-rate") {
      options.failRate = try arguments.parseDouble(rate, what: "--fail-rate", in: 0...1)
    }
    options.token = arguments.value("token")
    return .serve(options)
  }

  static let cache = CommandSpec(
    "cache", summary: "inspect and manage the local cache",
    subcommands: [
      CommandSpec("stats", summary: "entries, bytes, hits, misses, evictions and dropped entries") {
        _ throws(UsageError) in
        .cache(.stats)
      },
      CommandSpec("verify", summary: "check every entry, drop the bad ones, report") { _ throws(UsageError) in
        .cache(.verify)
      },
      CommandSpec("clear", summary: "delete every entry of the cache folder") { _ throws(UsageError) in .cache(.clear)
      },
      CommandSpec("path", summary: "print the cache folder") { _ throws(UsageError) in .cache(.path) },
    ],
    examples: ["cache stats", "cache verify", "--cache-dir /tmp/hollow cache path"])

  static let archiveFile = PositionalSpec("FILE", help: "the archive file")

  static let export = CommandSpec(
    "export", summary: "back up the cached posts, comments and pages into one archive file",
    positionals: [archiveFile],
    options: [OptionSpec("with-images", help: "include the cached images")],
    examples: ["export backup.hollow", "export backup.hollow --with-images"]
  ) { arguments throws(UsageError) in
    .export(path: try arguments.required("FILE"), withImages: arguments.flag("with-images"))
  }

  static let importArchive = CommandSpec(
    "import", summary: "restore an archive made by export into the cache (all or nothing)",
    positionals: [archiveFile],
    options: [OptionSpec("force", help: "import an archive made for another server or token into this one")],
    examples: ["import backup.hollow", "--server http://127.0.0.1:8080 import backup.hollow --force"]
  ) { arguments throws(UsageError) in
    .import(path: try arguments.required("FILE"), force: arguments.flag("force"))
  }

  static func pid(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try number(try arguments.required("PID"), what: "PID", arguments)
  }

  /// A post or comment number as hollow-cli prints it, `#123`, or without the `#`.
  static func number(_ text: String, what: String, _ arguments: ParsedArguments) throws(UsageError) -> Int {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard Int(digits) != nil else {
      throw UsageError("\(what) must be a number, not '\(text)'", command: arguments.command)
    }
    return try arguments.parseInteger(digits, what: what, in: positivePid)
  }

  /// The text of `send` or `comment`: the words given, stdin, or the editor.
  static func text(_ arguments: ParsedArguments) -> MessageText {
    MessageText.from(words: arguments.variadic("TEXT"), edit: arguments.flag("edit"))
  }

  /// "50" (fixed) or "20-200" (uniform), in milliseconds; "0" is no latency.
  static func parseLatency(_ text: String, _ arguments: ParsedArguments) throws(UsageError) -> Latency {
    let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    let limit = 0...60_000
    switch bounds.count {
    case 1:
      let milliseconds = try arguments.parseInteger(bounds[0], what: "--latency", in: limit)
      return milliseconds == 0 ? .none : .fixed(.milliseconds(milliseconds))
    case 2:
      let low = try arguments.parseInteger(bounds[0], what: "--latency MIN", in: limit)
      let high = try arguments.parseInteger(bounds[1], what: "--latency MAX", in: limit)
      guard low <= high else {
        throw UsageError("--latency MIN must not exceed MAX, got \(text)", command: arguments.command)
      }
      return .random(.milliseconds(low)...(.milliseconds(high)))
    default:
      throw UsageError("--latency must be MS or MIN-MAX, not '\(text)'", command: arguments.command)
    }
  }
}
