import HollowKit
import Signal

/// Loads the posts that texts cite, each distinct pid once, concurrently, as detail requests
/// without comments. Posts already at hand (on the same page) are not fetched again: the real
/// server counts every detail request against a daily limit.
///
/// ```swift
/// let quotes = await QuoteLoader(client: client).load(citedBy: texts, known: postsByPid) { done, total in ... }
/// ```
struct QuoteLoader: Sendable {
  let client: TreeHoleClient

  /// How many detail requests run at once.
  static let maximumConcurrent = 6

  /// A text that may cite posts, and the pid it must not count (its own post).
  struct Citing: Sendable {
    var text: String
    var ownPid: Int
  }

  /// The distinct pids `texts` cite, in order of first appearance.
  static func citedPids(_ texts: [Citing]) -> [Int] {
    var seen: Set<Int> = []
    return texts.flatMap { Quotes.pids(in: $0.text, excluding: $0.ownPid) }.filter { seen.insert($0).inserted }
  }

  /// Every pid `texts` cite, resolved: from `known` when there, else fetched. `progress` is called
  /// (on the calling task) with the number of fetches done and the number needed.
  func load(
    citedBy texts: [Citing], known: [Int: Post], progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> [Int: QuotedPost] {
    var quotes: [Int: QuotedPost] = [:]
    var missing: [Int] = []
    for pid in Self.citedPids(texts) {
      if let post = known[pid] { quotes[pid] = .found(post) } else { missing.append(pid) }
    }
    guard !missing.isEmpty else { return quotes }
    progress(0, missing.count)
    let requests = missing.map { client.request(PostDetailRequest.self, .init(pid: $0, includeComments: false)) }
    var done = 0
    // Signal's indexed fan-in: every detail request at most once, a bounded number at a time.
    for await (index, outcome) in PostDetailRequest.publisher(for: requests, maxConcurrent: Self.maximumConcurrent) {
      quotes[missing[index]] = Self.quote(outcome)
      done += 1
      progress(done, missing.count)
    }
    return quotes
  }

  private static func quote(_ outcome: OptionalOutput<PostDetailResult, HollowError>) -> QuotedPost {
    switch outcome {
    case .success(let detail): return .found(detail.post)
    case .failure(let error):
      if case .noSuchPost = error.kind { return .notFound }
      return .failed(error.kind.description)
    }
  }
}
