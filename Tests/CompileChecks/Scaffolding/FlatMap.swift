// What FlatMap.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct Detail: Sendable {}

struct DetailClient: Sendable {
  func detail(of id: Int) -> some Publisher<Detail, FetchError> { Just(Detail()).setFailureType(to: FetchError.self) }
}

let postIDs = [1, 2, 3]
let client = DetailClient()

func show(_ detail: Detail) {}
