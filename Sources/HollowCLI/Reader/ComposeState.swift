/// The inline prompt at the bottom of the screen: what it is for and the draft written so far
/// (with its caret).
///
/// ```swift
/// ComposeState(purpose: .comment(pid: 42)).label  // "comment on #42"
/// ```
struct ComposeState: Sendable, Equatable {
  enum Purpose: Sendable, Equatable, Hashable {
    /// A comment on `pid`, answering its comment `replyTo` when one is given.
    case comment(pid: Int, replyTo: Int? = nil)
    case newPost
    /// Choosing a poll option by its number.
    case vote(pid: Int, options: [String])
    /// `:`: the pid of a post to open.
    case goTo
    /// `/` on the post screen: a text to find within post `pid`.
    case find(pid: Int)

    /// The name its kept draft goes by (``DraftStore``); a vote, a pid or a search keeps none.
    var draftKey: String? {
      switch self {
      case .comment(let pid, nil): "comment #\(pid)"
      case .comment(let pid, let cid?): "comment #\(pid) → #\(cid)"
      case .newPost: "new post"
      case .vote, .goTo, .find: nil
      }
    }

    /// What the editor's comment lines say is being written.
    var editorHint: String {
      switch self {
      case .comment(let pid, nil): "your comment on #\(pid)"
      case .comment(let pid, let cid?): "your reply to #\(cid) in #\(pid)"
      case .newPost: "your new post"
      case .vote(let pid, _): "your vote in #\(pid)"
      case .goTo: "the pid of a post to open"
      case .find(let pid): "a text to find in #\(pid)"
      }
    }
  }

  var purpose: Purpose
  var draft = EditableText()

  var text: String { draft.text }

  var label: String {
    switch purpose {
    case .comment(let pid, nil): "comment on #\(pid)"
    case .comment(let pid, let cid?): "reply to #\(cid) in #\(pid)"
    case .newPost: "new post"
    case .vote(let pid, let options):
      "vote in #\(pid): " + options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " · ")
    case .goTo: "open post #"
    case .find(let pid): "find in #\(pid)"
    }
  }

  /// The keys the prompt takes, as its label row says them: true to what they do.
  var hint: String {
    switch purpose {
    case .vote: "a number votes at once · Esc cancels"
    case .goTo: "Enter opens · Esc cancels"
    case .find: "Enter finds the next match · Esc cancels"
    case .comment, .newPost: "Enter sends · Ctrl-J or Alt-Enter new line · Esc cancels"
    }
  }
}
