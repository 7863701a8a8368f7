/// The inline prompt at the bottom of the screen: what it is for and the draft written so far
/// (with its caret).
///
/// ```swift
/// ComposeState(purpose: .comment(pid: 42)).label  // "comment on #42"
/// ```
struct ComposeState: Sendable, Equatable {
  enum Purpose: Sendable, Equatable, Hashable {
    case comment(pid: Int)
    case newPost
    /// Choosing a poll option by its number.
    case vote(pid: Int, options: [String])

    /// The name its kept draft goes by (``DraftStore``); a vote keeps none.
    var draftKey: String? {
      switch self {
      case .comment(let pid): "comment #\(pid)"
      case .newPost: "new post"
      case .vote: nil
      }
    }

    /// What the editor's comment lines say is being written.
    var editorHint: String {
      switch self {
      case .comment(let pid): "your comment on #\(pid)"
      case .newPost: "your new post"
      case .vote(let pid, _): "your vote in #\(pid)"
      }
    }
  }

  var purpose: Purpose
  var draft = EditableText()

  var text: String { draft.text }

  var label: String {
    switch purpose {
    case .comment(let pid): "comment on #\(pid)"
    case .newPost: "new post"
    case .vote(let pid, let options):
      "vote in #\(pid): " + options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " · ")
    }
  }

  /// The keys the prompt takes, as its label row says them: true to what they do.
  var hint: String {
    switch purpose {
    case .vote: "a number votes at once · Esc cancels"
    case .comment, .newPost: "Enter sends · Ctrl-J or Alt-Enter new line · Esc cancels"
    }
  }
}
