// What Buffer.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct Frame: Sendable {}

struct Camera: Sendable {
  let frames = PassthroughSubject<Frame, Never>()
}

let camera = Camera()
let taps = PassthroughSubject<Void, Never>()
let pages = PassthroughSubject<[Post], FetchError>()

func render(_ frame: Frame) async {}
func store(_ page: [Post]) async throws {}
