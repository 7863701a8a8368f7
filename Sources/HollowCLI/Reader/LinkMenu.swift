import HollowKit

/// The `L` menu: the web addresses of a post (on the post screen, its comments' too), numbered,
/// with a cursor. A plain state machine: ``handle(_:)`` takes a key and answers what the reader
/// does (``Action``), so it is tested without a terminal.
///
/// ```swift
/// var menu = LinkMenu(post: post, comments: comments)  // nil when there is no address
/// menu?.handle(.character("1"))  // .open("https://example.com/")
/// ```
struct LinkMenu: Sendable, Equatable {
  /// One address and where it was found ("#40117", "comment #3").
  struct Item: Sendable, Equatable {
    var url: String
    var source: String
  }

  /// What a key asks the reader to do.
  enum Action: Sendable, Equatable {
    case stay
    case close
    /// Open the address (and close the menu).
    case open(String)
  }

  let pid: Int
  let items: [Item]
  private(set) var cursor = 0

  /// The menu of `post`'s addresses and then `comments`', each address once; nil without any.
  init?(post: Post, comments: [Comment] = []) {
    var seen: Set<String> = []
    var items: [Item] = []
    func add(_ text: String, source: String) {
      for link in LinkFinder.links(in: text) where seen.insert(link.url).inserted {
        items.append(Item(url: link.url, source: source))
      }
    }
    add(post.text, source: "#\(post.pid)")
    for comment in comments { add(comment.text, source: "comment #\(comment.cid)") }
    guard !items.isEmpty else { return nil }
    self.pid = post.pid
    self.items = items
  }

  var selected: Item { items[cursor] }

  mutating func handle(_ key: Key) -> Action {
    switch key {
    case .character("j"), .down, .wheelDown:
      cursor = min(items.count - 1, cursor + 1)
    case .character("k"), .up, .wheelUp:
      cursor = max(0, cursor - 1)
    case .character("g"), .home:
      cursor = 0
    case .character("G"), .end:
      cursor = items.count - 1
    case .enter, .character("l"), .right, .character("o"):
      return .open(selected.url)
    case .character(let character):
      if let number = character.wholeNumberValue, (1...min(9, items.count)).contains(number) {
        return .open(items[number - 1].url)
      }
      return "qhL".contains(character) ? .close : .stay
    case .escape, .left:
      return .close
    default:
      break
    }
    return .stay
  }
}
