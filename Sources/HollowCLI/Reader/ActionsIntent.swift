import HollowKit

/// What the user asks to be done to posts: each becomes a request, and its result or error the
/// status line's message.
///
/// ```swift
/// actions.send(.follow(post))
/// actions.send(.say(ReaderMessage("copied #42")))
/// ```
enum ActionsIntent: Sendable, Equatable {
  /// Shows `message` (the result of something done without a request), or clears the line.
  case say(ReaderMessage?)
  /// Follows the post, or unfollows it when it is followed.
  case follow(Post)
  /// Votes for option `option` (from 1) of the post's poll.
  case vote(Post, option: Int)
  /// A comment on `pid`, answering its comment `replyTo` when given (`reply_to`).
  case comment(pid: Int, replyTo: Int? = nil, text: String)
  case post(text: String)
}
