// What FanIn.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

typealias HollowError = FetchError

struct API: Sendable {
  func detail(_ pid: Int) async throws(HollowError) -> Post { Post(id: pid) }
}

struct Quotes: Sendable {
  func quote(_ pid: Int) async -> Post { Post(id: pid) }
}

struct Image: Sendable {}
struct ImageLoadError: Error {}

struct ImageLoader: Sendable {
  func image(_ reference: String) async throws(ImageLoadError) -> Image { Image() }
}

let api = API()
let quotes = Quotes()
let loader = ImageLoader()
let quotedPids = [40354, 40355]
let pids = [12, 40, 7]
let references = ["a.png", "b.png"]

func showQuote(_ post: Post, for pid: Int) {}
func showMissing(_ pid: Int, _ error: HollowError) {}
func show(_ post: Post?, for pid: Int) {}
