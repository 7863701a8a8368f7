/// Decides what a key is for, before anything happens: closing the help, the prompt's editing,
/// the search's typing, or a command of the key map (the config's `[keys]` first). A pure
/// function of the key and where the user is, so each screen's keys are tested without a
/// terminal; ``ReaderApp`` carries the route out.
///
/// ```swift
/// ReaderKeyRouter.route(.character("j"), on: .feed, showsHelp: false, composing: false)  // .command(.move(1))
/// ReaderKeyRouter.route(.character("j"), on: .search, showsHelp: false, composing: false)  // .search(.type("j"))
/// ```
enum ReaderKeyRouter {
  /// Where a key goes.
  enum Route: Sendable, Equatable {
    /// Ctrl-C, anywhere.
    case quit
    /// Any key while the help is shown closes it and does nothing else.
    case closeHelp
    /// The open prompt takes every key.
    case compose(Key)
    /// The search screen takes typing.
    case search(SearchIntent)
    case command(ReaderCommand)
    /// A paste outside a prompt: text, never keys.
    case strayPaste
    /// A key that means nothing here.
    case ignored
  }

  static func route(
    _ key: Key, on screen: ReaderScreen<some Clock>.Kind, showsHelp: Bool, composing: Bool,
    keys: KeyBindings = KeyBindings()
  ) -> Route {
    if key == .control("c") { return .quit }
    if showsHelp { return .closeHelp }
    if composing { return .compose(key) }
    if screen == .search, let route = search(key) { return route }
    if case .paste = key { return .strayPaste }
    guard let command = keys.command(for: key) ?? ReaderKeyMap.command(for: key, onList: screen != .post) else {
      return .ignored
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
    case .escape, .left: .command(.back)
    case .up, .wheelUp: .command(.move(-1))
    case .down, .wheelDown: .command(.move(1))
    case .enter, .right: .command(.open)
    default: nil
    }
  }
}
