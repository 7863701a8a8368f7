// What Consuming.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

let feed = PassthroughSubject<Post, FeedError>()

func show(_ post: Post) {}

extension FeedView {
  func show(_ error: FeedError) {}
  func append(_ post: Post) {}
}
