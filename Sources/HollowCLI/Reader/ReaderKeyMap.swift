/// The keys of the list and post screens, and the help overlay's table of them (one source, so
/// the help lists every key there is).
///
/// ```swift
/// ReaderKeyMap.command(for: .character("j"), onList: true)  // .move(1)
/// ```
enum ReaderKeyMap {
  static func command(for key: Key, onList: Bool) -> ReaderCommand? {
    switch key {
    case .control("c"): return .quit
    case .character("q"): return onList ? .quit : .back
    case .escape: return onList ? .cancel : .back
    // On the list there is nothing to go back to: h and ← do nothing, quietly.
    case .character("h"), .left: return .back
    case .character("?"): return .help
    case .character("j"), .down, .wheelDown: return .move(1)
    case .character("k"), .up, .wheelUp: return .move(-1)
    case .character("J"): return onList ? nil : .nextComment(1)
    case .character("K"): return onList ? nil : .nextComment(-1)
    case .character("p"): return onList ? nil : .jumpToReplied
    case .backspace: return onList ? nil : .jumpBack
    case .character(" "), .pageDown, .control("f"): return .page(1)
    case .character("b"), .pageUp, .control("b"): return .page(-1)
    case .control("d"): return .halfPage(1)
    case .control("u"): return .halfPage(-1)
    case .character("g"), .home: return .top
    case .character("G"), .end: return .bottom
    case .enter, .character("l"), .right: return .open
    case .character("r"): return .refresh
    case .character("t"): return .show(.timeline)
    case .character("w"): return .show(.wander)
    case .character("a"): return .show(.followed)
    case .character("/"): return .search
    case .character("f"): return .follow
    case .character("v"): return .vote
    case .character("c"): return .comment
    case .character("n"): return .newPost
    case .character("o"): return .openImage
    case .character("y"): return .copyPid
    case .character("M"): return .lastMessage
    case .character("x"): return .dismissAnnouncement
    case .character("Y"): return .copyText
    case .character(":"): return .goTo
    case .character("i"): return .togglePictures
    case .character("D"): return .toggleCompact
    case .control("l"): return .redraw
    case .control("z"): return .suspend
    case .character("u"): return .nextNews
    case .character("m"): return .notifications
    case .character("L"): return .links
    default: return nil
    }
  }

  /// Every key, as the help overlay and Docs/CLI.md list them.
  static let help: [(keys: String, meaning: String)] = [
    ("j  k  ↓  ↑  wheel", "next / previous (post screen: post, citation, comment)"),
    ("J  K  p  Backspace", "next / previous comment; p: reply target, and back"),
    ("space  PgDn  b  PgUp", "a screen down / up"),
    ("Ctrl-F  Ctrl-B", "a screen down / up (as in less and vi)"),
    ("Ctrl-D  Ctrl-U", "half a screen down / up"),
    ("g  G  Home  End", "first / last (the last loads the next page)"),
    ("Enter  l  →  :", "open the post or citation; : then a pid opens that post"),
    ("h  q  Esc  ←", "back (q on the feed quits, Esc on a list stops a load)"),
    ("t  w  a", "timeline / wander / followed, each where you left it"),
    ("r", "refresh from the first page (retry after a failure)"),
    ("/", "search as you type (post screen: find, matches marked)"),
    ("f", "follow / unfollow the post"),
    ("v", "vote: then the option's number"),
    ("c", "comment ($EDITOR or a prompt); on a comment: reply to it"),
    ("n", "new post ($EDITOR if set, else a prompt)"),
    ("o", "save the image (temporary folder), open it (xdg-open)"),
    ("y  Y", "copy the post's #pid / the cursor's text (OSC 52)"),
    ("M", "the last message and the status, whole"),
    ("x", "hide the timeline's announcement"),
    ("i  D", "pictures on / off · compact list / full posts"),
    ("Ctrl-L  Ctrl-Z", "redraw the screen / suspend (fg comes back)"),
    ("u  m  L", "next news (post: new comment) / notifications / links"),
    ("?", "this help (j/k/space scroll, any other key closes it)"),
    ("q  Ctrl-C", "quit"),
  ]
}
