/// The reader's keys from the config file's `[keys]` table: `command = "key"` or `command =
/// ["key", "key"]`, added to the default keys (a key bound here means its new command). Commands
/// are named as in the help (`quit`, `down`, `page-down`, `new-post`, …); a key is one character
/// (`"x"`, `"好"`), `ctrl-x`, or a name: `enter`, `esc`, `tab`, `backspace`, `delete`, `space`,
/// `up`, `down`, `left`, `right`, `home`, `end`, `pgup`, `pgdn`. Ctrl-C always quits.
///
/// ```toml
/// [keys]
/// down = ["j", "ctrl-n"]
/// new-post = "P"
/// ```
struct KeyBindings: Sendable, Equatable {
  private(set) var commands: [Key: ReaderCommand] = [:]
  /// As written, for `hollow-cli config` and the help overlay: (key, command) in file order.
  private(set) var listed: [(key: String, command: String)] = []

  static func == (left: KeyBindings, right: KeyBindings) -> Bool {
    left.commands == right.commands && left.listed.map(\.key) == right.listed.map(\.key)
      && left.listed.map(\.command) == right.listed.map(\.command)
  }

  init() {}

  /// Every command a key can be bound to, by its config name.
  static let commandNames: [String: ReaderCommand] = [
    "quit": .quit, "back": .back, "help": .help, "down": .move(1), "up": .move(-1), "page-down": .page(1),
    "page-up": .page(-1), "top": .top, "bottom": .bottom, "open": .open, "refresh": .refresh,
    "timeline": .show(.timeline), "wander": .show(.wander), "followed": .show(.followed), "search": .search,
    "follow": .follow, "vote": .vote, "comment": .comment, "new-post": .newPost, "open-image": .openImage,
    "copy-pid": .copyPid, "cancel": .cancel, "last-message": .lastMessage,
    "hide-announcement": .dismissAnnouncement, "half-page-down": .halfPage(1), "half-page-up": .halfPage(-1),
    "pictures": .togglePictures, "compact": .toggleCompact, "redraw": .redraw, "suspend": .suspend,
  ]

  private static let named: [String: Key] = [
    "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "backspace": .backspace, "delete": .delete,
    "space": .character(" "), "up": .up, "down": .down, "left": .left, "right": .right, "home": .home,
    "end": .end, "pgup": .pageUp, "pgdn": .pageDown,
  ]

  /// The key `name` names, nil when none.
  static func key(named name: String) -> Key? {
    if name.count == 1, let character = name.first, !character.isWhitespace || character == " " {
      return .character(character)
    }
    let lowered = name.lowercased()
    if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
      return letter == "c" ? nil : .control(letter)
    }
    return named[lowered]
  }

  /// Binds `command`'s keys; answers what is wrong with them, if anything.
  mutating func bind(_ command: String, keys: [String]) -> String? {
    guard let meaning = Self.commandNames[command] else {
      return "unknown command \(command); known: \(Self.commandNames.keys.sorted().joined(separator: ", "))"
    }
    for name in keys {
      guard let key = Self.key(named: name) else {
        return
          "\(command): '\(name)' is not a key (one character, ctrl-x, or enter, esc, tab, space, up, pgdn, …; not ctrl-c)"
      }
      commands[key] = meaning
      listed.append((name, command))
    }
    return nil
  }

  func command(for key: Key) -> ReaderCommand? { commands[key] }
}
