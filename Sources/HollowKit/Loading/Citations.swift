/// Which posts a post and its comments cite, parsed once: the pids of each text in citation order.
///
/// The loaders load ``all`` (each pid once) and resolve the rest into a ``ResolvedQuotes``.
struct Citations: Sendable, Equatable {
  /// The post's own text's pids.
  var post: [Int]
  /// Each comment's pids by `cid` (the first comment of a repeated cid wins); comments citing nothing are absent.
  var comments: [Int: [Int]]
  /// Every distinct pid, in order of first citation; what ``QuoteLoader/citedPids(in:comments:)`` answers.
  var all: [Int]

  /// The citations of `post` and `comments`. A text never cites its own post: the post's pid is left out
  /// everywhere, and a comment's own `pid` from its list (``Quotes/pids(in:excluding:)``).
  init(post: Post, comments: [Comment]) {
    self.post = Quotes.pids(in: post.text, excluding: post.pid)
    var byComment: [Int: [Int]] = [:]
    var all = self.post
    var seen = Set(all)
    for comment in comments {
      all += Quotes.pids(in: comment.text, excluding: post.pid).filter { seen.insert($0).inserted }
      let pids = Quotes.pids(in: comment.text, excluding: comment.pid).filter { $0 != post.pid }
      if !pids.isEmpty, byComment[comment.cid] == nil { byComment[comment.cid] = pids }
    }
    self.comments = byComment
    self.all = all
  }
}
