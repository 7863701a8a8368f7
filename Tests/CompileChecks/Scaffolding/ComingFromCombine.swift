// What ComingFromCombine.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct PostClient: Sendable {
  func post(_ id: Int) -> some Publisher<Post, FetchError> { Just(Post(id: id)).setFailureType(to: FetchError.self) }
}

let client = PostClient()
