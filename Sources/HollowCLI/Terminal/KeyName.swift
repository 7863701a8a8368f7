extension Key {
  /// The key as the help names it: `x`, `Ctrl-X`, `Tab`, `F`-less special keys by their label.
  ///
  /// ```swift
  /// Key.control("z").name   // "Ctrl-Z"
  /// Key.character(" ").name // "space"
  /// ```
  var name: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .enter: "Enter"
    case .altEnter: "Alt-Enter"
    case .paste: "paste"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .tab: "Tab"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .delete: "Delete"
    case .wheelUp: "wheel up"
    case .wheelDown: "wheel down"
    }
  }
}
