// What Effects.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct DetailClient: Sendable {
  func detail(of id: Int) -> some Publisher<Post, FetchError> { Just(Post(id: id)).setFailureType(to: FetchError.self) }
}

let boards = [PassthroughSubject<Int, FetchError>(), PassthroughSubject<Int, FetchError>()]
let client = DetailClient()

func show(_ post: Post) {}
