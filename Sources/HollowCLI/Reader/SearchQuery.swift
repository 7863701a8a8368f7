import HollowKit
import Signal

/// One search, as a ``Signal/Performable``: page 1 of `search` for the text. Its publisher is
/// what the search screen's `flatMapLatest` switches to, so a newer query cancels this one's
/// request. A failure is a value (``SearchOutcome``), so it never ends the stream of searches.
///
/// ```swift
/// let outcome = await SearchQuery(services: services, text: "猫").perform()
/// ```
struct SearchQuery: Performable {
  let services: ReaderServices
  let text: String

  /// The text as it is searched: spaces trimmed and collapsed.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  func perform() async -> SearchOutcome {
    let query = Self.normalized(text)
    guard !query.isEmpty else { return SearchOutcome(query: query, result: .success([])) }
    do {
      let page = try await FeedSource.search(SearchRequest.Parameters(keywords: query)).page(1, client: services.client)
      return SearchOutcome(query: query, result: .success(page.posts))
    } catch {
      return SearchOutcome(query: query, result: .failure(error))
    }
  }
}

/// What one search gave: the posts, or why there are none.
struct SearchOutcome: Sendable, Equatable {
  var query: String
  var result: Result<[Post], HollowError>
  /// Not an answer yet: the query waits for the server's search window to open.
  var isWaiting = false
}
