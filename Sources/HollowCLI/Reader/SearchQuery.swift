import HollowKit
import Signal

/// One search, on the library's feed model: page 1 of `search` for the text, with the posts its
/// results cite and their images, each loaded once (the same ``HollowKit/FeedModel`` a feed
/// runs). Its publisher is what the search screen's `flatMapLatest` switches to, so a newer query
/// releases this one's model, which stops its loads. A failure is a value (``SearchOutcome``), so
/// it never ends the stream of searches.
///
/// ```swift
/// for await outcome in SearchQuery(services: services, text: "猫").publisher { show(outcome) }
/// ```
struct SearchQuery: Sendable {
  let services: ReaderServices
  let text: String

  /// The text as it is searched: spaces trimmed and collapsed.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The outcome as the feed model's snapshots change; an empty query answers no posts at once.
  var publisher: AnyPublisher<SearchOutcome, Never> {
    let query = Self.normalized(text)
    guard !query.isEmpty else { return Just(SearchOutcome(query: query)).eraseToAnyPublisher() }
    let model = services.loaders.feeds.model(
      .search(SearchRequest.Parameters(keywords: query)),
      options: FeedStateMachine.Options(
        imageBaseURL: services.imageBaseURL, loadsCitedImages: true, offline: services.offline))
    model.load(pages: [1])
    // The closure holds the model: it lives while this search is the one subscribed.
    return model.snapshots.map { [model] snapshot in
      _ = model
      return SearchOutcome(query: query, snapshot: snapshot)
    }.eraseToAnyPublisher()
  }
}

/// Where one search stands: the feed snapshot of its query (nil for an empty query).
struct SearchOutcome: Sendable, Equatable {
  var query: String
  var snapshot: FeedSnapshot?

  /// The query waits for the server's search window to open: not an answer yet.
  var isWaiting: Bool { snapshot?.isWaiting ?? false }

  /// The results, once page 1 answered (or, offline, the cache did); nil while it runs.
  var result: Result<[FeedPost], HollowError>? {
    guard let snapshot else { return .success([]) }
    switch snapshot.phase {
    case .loading: return nil
    case .failed(let error), .lethal(let error): return .failure(error)
    case .cached, .fresh, .offline: return .success(snapshot.posts)
    }
  }
}
