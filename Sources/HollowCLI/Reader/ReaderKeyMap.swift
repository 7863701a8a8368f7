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
    case .escape, .character("h"), .left: return onList ? nil : .back
    case .character("?"): return .help
    case .character("j"), .down, .wheelDown: return .move(1)
    case .character("k"), .up, .wheelUp: return .move(-1)
    case .character("J"): return onList ? nil : .nextComment(1)
    case .character("K"): return onList ? nil : .nextComment(-1)
    case .character("p"): return onList ? nil : .jumpToReplied
    case .backspace: return onList ? nil : .jumpBack
    case .character(" "), .pageDown, .control("f"): return .page(1)
    case .character("b"), .pageUp, .control("b"): return .page(-1)
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
    case .character("Y"): return .copyText
    case .character(":"): return .goTo
    default: return nil
    }
  }

  /// Every key, as the help overlay and Docs/CLI.md list them.
  static let help: [(keys: String, meaning: String)] = [
    ("j  k  ↓  ↑  wheel", "next / previous post (post screen: the post, its citations, each comment)"),
    ("J  K", "post screen: next / previous comment"),
    ("space  PgDn  b  PgUp", "a screen down / up"),
    ("Ctrl-F  Ctrl-B", "a screen down / up (as in less and vi)"),
    ("g  G  Home  End", "first / last (the last loads the next page)"),
    ("Enter  l  →", "open the post (post screen: the cited post under the cursor)"),
    (":", "then a pid and Enter: open that post (any screen)"),
    ("p  Backspace", "post screen: to the comment this one replies to; p again or Backspace: back"),
    ("h  q  Esc  ←", "back (q on the feed quits)"),
    ("t  w  a", "timeline / wander / followed posts"),
    ("r", "refresh from page 1 (retry after a failure)"),
    ("/", "search as you type (Esc back, ↑/↓ choose, Enter open); post screen: find in the post"),
    ("f", "follow / unfollow the post"),
    ("v", "vote: then the option's number"),
    ("c", "comment ($EDITOR if set, else a prompt at the bottom); on a comment: reply to it"),
    ("n", "new post ($EDITOR if set, else a prompt)"),
    ("o", "save the image (temporary folder), open it (xdg-open)"),
    ("y", "copy the post's #pid (OSC 52)"),
    ("Y", "copy the text under the cursor: the post's or the comment's (OSC 52)"),
    ("?", "this help (any key closes it)"),
    ("q  Ctrl-C", "quit"),
  ]
}
