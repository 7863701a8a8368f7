// What README.md's tour uses without declaring it (see .ci/compile-checks).
import Signal

struct API: Sendable {
  func post(_ id: Int) async throws(FetchError) -> Post { Post(id: id) }
}

let api = API()
let ids = [1, 2, 3]
let localPosts = [Post()].publisher.setFailureType(to: FetchError.self)
let remotePosts = PassthroughSubject<Post, FetchError>()

func show(_ post: Post, at index: Int) {}
func showError(_ error: FetchError, at index: Int) {}
