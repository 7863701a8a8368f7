// What Subjects.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

enum Status: Sendable {
  case idle, busy
}

let post = Post()

func render(_ post: Post) {}
func badge(_ post: Post) {}
