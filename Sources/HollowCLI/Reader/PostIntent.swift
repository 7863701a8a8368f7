import HollowKit

/// What the post screen's user asks of its view model (``PostViewModel/send(_:)``): the cursor's
/// moves over the post, its citations and comments, jumps between replies, and the search within
/// the post.
///
/// ```swift
/// post.send(.nextComment(1))   // J
/// post.send(.jumpToReplied)    // p: to the comment this one answers; p again comes back
/// ```
enum PostIntent: Sendable, Equatable {
  /// To the next (previous, negative) item: j and k.
  case move(by: Int)
  /// To the next (previous, negative) comment: J and K.
  case nextComment(Int)
  case top
  case bottom
  /// The screen was scrolled by a page: the view no longer follows the cursor until it moves.
  case scrolled
  /// From a comment to the comment it replies to (`reply_to`); on the comment a jump landed on,
  /// back to where it started.
  case jumpToReplied
  /// Back to where the last jump started.
  case jumpBack
  /// To the next item, after the cursor and around, whose text holds `query` (any case).
  case find(String)
  /// To the next comment, after the cursor and around, that came since the post was last opened: u.
  case nextNew
  /// Shows `post` (after following it or voting) without asking the server.
  case replace(Post)
  /// Asks the server again.
  case refresh
}
