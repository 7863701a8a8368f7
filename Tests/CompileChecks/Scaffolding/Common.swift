// What the guides' code blocks use without declaring it, for every block (see .ci/compile-checks).
// Each declaration is the least a block needs to type-check: the guides show Signal, not these.
import Signal

struct Post: Sendable, Hashable {
  var id = 0
  var title = ""
  var text = ""
  var author = ""
  var deleted = false
  var isAd = false
  var isPinned = false
  var isUnread = false
  static let placeholder = Post()
}

enum FetchError: Error, Equatable {
  case offline, notFound, timedOut, serverBusy, forbidden
  case rateLimited(Duration)
}

typealias FeedError = FetchError
