import HollowKit

/// What the user asks of the search screen's model: typing edits the query (each settled query
/// is searched), arrows move over the results.
///
/// ```swift
/// search.send(.type("猫"))
/// search.send(.move(by: 1))
/// ```
enum SearchIntent: Sendable, Equatable {
  /// Appends typed (or pasted) text to the query.
  case type(String)
  /// Removes the last character of the query.
  case erase
  /// Tab: comments searched too, or posts only (the query is searched again).
  case toggleComments
  /// Moves the cursor over the results.
  case move(by: Int)
  /// Shows `post` (after following it) without searching again.
  case replace(Post)
}
