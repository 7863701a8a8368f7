// What ReceiveOn.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

let timeline = PassthroughSubject<Post, FeedError>()
