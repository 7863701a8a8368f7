import HollowKit

/// The file `$EDITOR` opens for a comment or a post written from the reader: the draft (a kept
/// one, if a send of it failed), then, under a scissors line as git's commit messages have, comment
/// lines naming what is written and the post it answers. Everything from the scissors line down
/// is dropped on send, so a text may itself hold lines starting with `#` (a cited `#40117`).
///
/// ```swift
/// let file = EditorDraft.file(draft: "", purpose: .comment(pid: 42), post: post)
/// EditorDraft.text(fromFile: "同意\n" + file)  // "同意"
/// ```
enum EditorDraft {
  static let scissors = "# ------------------------ >8 ------------------------"
  /// The most lines of the answered post shown in the comment lines.
  static let postLines = 12

  static func file(draft: String, purpose: ComposeState.Purpose, post: Post?) -> String {
    var lines = [
      draft, "", scissors,
      "# Write \(purpose.editorHint) above this line; this line and everything under it are dropped.",
      "# Save and quit to send it; an empty text sends nothing.",
    ]
    if case .comment = purpose, let post {
      lines.append("#")
      lines.append("# #\(post.pid) · \(RenderContext.count(post.replyCount, "reply", "replies"))")
      let text = post.text.split(separator: "\n", omittingEmptySubsequences: false)
      lines += text.prefix(postLines).map { "# " + $0 }
      if text.count > postLines { lines.append("# …") }
    }
    return lines.joined(separator: "\n")
  }

  /// What is sent of the edited file: the lines above the scissors, without trailing space.
  static func text(fromFile file: String) -> String {
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.prefix { $0.trimmingWhitespace() != scissors }
    return String(kept.joined(separator: "\n").trimmingWhitespace())
  }
}
