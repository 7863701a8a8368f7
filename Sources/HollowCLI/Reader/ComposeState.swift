/// The inline prompt at the bottom of the screen: what it is for and the text typed so far.
///
/// ```swift
/// ComposeState(purpose: .comment(pid: 42)).label  // "comment on #42"
/// ```
struct ComposeState: Sendable, Equatable {
  enum Purpose: Sendable, Equatable {
    case comment(pid: Int)
    case newPost
    /// Choosing a poll option by its number.
    case vote(pid: Int, options: [String])
  }

  var purpose: Purpose
  var text = ""

  var label: String {
    switch purpose {
    case .comment(let pid): "comment on #\(pid)"
    case .newPost: "new post"
    case .vote(let pid, let options):
      "vote in #\(pid): " + options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " · ")
    }
  }
}
