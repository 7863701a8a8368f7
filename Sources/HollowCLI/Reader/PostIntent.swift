import HollowKit

/// What the user (or an action finished elsewhere) asks of a post screen's model.
///
/// ```swift
/// post.send(.refresh)            // r
/// post.send(.replace(followed))  // the server's copy after f
/// ```
enum PostIntent: Sendable, Equatable {
  /// Asks the server again (the cached copy stays until the answer).
  case refresh
  /// Shows `post` (after following it or voting) without asking the server.
  case replace(Post)
}
