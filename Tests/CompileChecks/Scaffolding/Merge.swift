// What Merge.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

let cachedPosts = [Post()].publisher
let livePosts = PassthroughSubject<Post, Never>()
let local = PassthroughSubject<Post, FetchError>()
let remote = PassthroughSubject<Post, FetchError>()
let pushed = PassthroughSubject<Post, FetchError>()
let shardA = PassthroughSubject<Post, Never>()
let shardB = PassthroughSubject<Post, Never>()
let shardC = PassthroughSubject<Post, Never>()
let shardD = PassthroughSubject<Post, Never>()

func fetchPage(_ page: Int) -> AnyPublisher<Post, FetchError> {
  Just(Post(id: page)).setFailureType(to: FetchError.self).eraseToAnyPublisher()
}

func show(_ post: Post) {}
