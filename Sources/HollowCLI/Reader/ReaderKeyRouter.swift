/// Decides what a key is for, before anything happens: the overlay's scrolling, the links menu,
/// the prompt's editing, the search's typing, the notifications' list, or a command of the key
/// map (the config's `[keys]` first). A pure
/// function of the key and where the user is, so each screen's keys are tested without a
/// terminal; ``ReaderApp`` carries the route out.
///
/// ```swift
/// ReaderKeyRouter.route(.character("j"), on: .feed, showsOverlay: false, composing: false)  // .command(.move(1))
/// ReaderKeyRouter.route(.character("j"), on: .search, showsOverlay: false, composing: false)  // .search(.type("j"))
/// ```
enum ReaderKeyRouter {
  /// Where a key goes.
  enum Route: Sendable, Equatable {
    /// Ctrl-C, anywhere.
    case quit
    /// Every key while the help or the message is shown goes to it: it scrolls or closes.
    case overlay(Key)
    /// The open prompt takes every key.
    case compose(Key)
    /// The search screen takes typing.
    case search(SearchIntent)
    /// The `L` menu, while open, takes every key.
    case links(Key)
    /// The notifications screen's list keys.
    case notifications(NotificationsKeys.Action)
    case command(ReaderCommand)
    /// A paste outside a prompt: text, never keys.
    case strayPaste
    /// A key that means something on another screen only (Enter on a post): nothing, quietly.
    case ignored
    /// A key that means nothing anywhere: the status line says so.
    case unknown(Key)
  }

  static func route(
    _ key: Key, on screen: ReaderScreen<some Clock>.Kind, showsOverlay: Bool, composing: Bool,
    keys: KeyBindings = KeyBindings(), showsLinks: Bool = false
  ) -> Route {
    if key == .control("c") { return .quit }
    if showsOverlay { return .overlay(key) }
    if showsLinks { return .links(key) }
    if composing { return .compose(key) }
    if screen == .search, let route = search(key) { return route }
    if screen == .notifications, let action = NotificationsKeys.action(for: key) { return .notifications(action) }
    if case .paste = key { return .strayPaste }
    guard let command = keys.command(for: key) ?? ReaderKeyMap.command(for: key, onList: screen != .post) else {
      return ReaderKeyMap.command(for: key, onList: screen == .post) == nil ? .unknown(key) : .ignored
    }
    return .command(command)
  }

  /// The search screen takes typing; arrows, Enter and Esc keep their meaning. Nil: not a
  /// search key, a command.
  private static func search(_ key: Key) -> Route? {
    switch key {
    case .character(let character): .search(.type(String(character)))
    // The query is one line: a pasted newline is a space, never Enter.
    case .paste(let text): .search(.type(text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()))
    case .backspace: .search(.erase)
    case .tab: .search(.toggleComments)
    case .escape, .left: .command(.back)
    case .up, .wheelUp: .command(.move(-1))
    case .down, .wheelDown: .command(.move(1))
    case .enter, .right: .command(.open)
    default: nil
    }
  }
}
