// What Retry.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct FetchPost: Performable {
  let id: Int
  func perform() async throws(FetchError) -> Post { Post(id: id) }
}

let request = FetchPost(id: 1)
let requests = [FetchPost(id: 1), FetchPost(id: 2)]
let source = Fail<Post, FetchError>(error: .offline)

@MainActor var rows = [OptionalOutput<Post, FetchError>](repeating: .failure(.offline), count: 2)

func fetchPosts() -> some Publisher<[Post], FetchError> { Just([Post()]).setFailureType(to: FetchError.self) }
