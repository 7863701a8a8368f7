import HollowKit

/// What the search screen searches: the typed text as it is sent (spaces trimmed and collapsed)
/// and whether comments are searched too (print mode's `search --comments`; Tab on the screen).
/// A query the backend would refuse (over 30 characters) is never sent: ``source`` is nil.
///
/// ```swift
/// let query = SearchQuery(typed: "  食堂   猫 ", includeComments: false)
/// query.text     // "食堂 猫"
/// query.source   // .search(keywords "食堂 猫", posts only)
/// ```
struct SearchQuery: Sendable, Hashable {
  var text: String
  var includeComments: Bool

  init(typed: String, includeComments: Bool) {
    text = Self.normalized(typed)
    self.includeComments = includeComments
  }

  /// The text as it is searched: spaces trimmed and collapsed.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Characters as the backend counts them (Unicode scalars).
  var length: Int { text.unicodeScalars.count }

  /// Over the backend's limit (``HollowKit/APILimits/maximumKeywordLength``): nothing is sent.
  var isTooLong: Bool { length > APILimits.maximumKeywordLength }

  /// The feed of its results; nil for an empty or too long query (nothing to send).
  var source: FeedSource? {
    guard !text.isEmpty, !isTooLong else { return nil }
    return .search(SearchRequest.Parameters(keywords: text, includeComments: includeComments))
  }
}
