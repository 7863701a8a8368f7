// What Signal.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct Fetch: Performable {
  let id: Int
  func perform() async throws(FetchError) -> Post { Post(id: id) }
}

let requests = [Fetch(id: 1), Fetch(id: 2)]

func render(_ index: Int, _ outcome: OptionalOutput<Post, FetchError>) {}
