/// What the post screen's cursor rests on: the post itself, a post it or a comment cites, or a
/// comment. Kept by identity, so the cursor stays on its item when cited posts arrive and the
/// screen's items change around it.
///
/// ```swift
/// state.cursor = .citation(pid: 8, inComment: nil)   // Enter opens #8
/// ```
enum PostItem: Sendable, Hashable {
  case post
  /// A cited post, under the post's text (`inComment` nil) or under comment `inComment`'s.
  case citation(pid: Int, inComment: Int?)
  case comment(cid: Int)
}
