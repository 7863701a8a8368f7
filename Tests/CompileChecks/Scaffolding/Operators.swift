// What Operators.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct Message: Sendable {
  var isUnread = false
}

struct User: Sendable {
  var isAdmin = false
}

struct Keystroke: Sendable {}

let posts = [Post(), Post()]
let scores = [3, 1, 4]
let feed = PassthroughSubject<Post, FetchError>()
let cachedFeed = [Post()].publisher
let inbox = PassthroughSubject<Message, Never>()
let users = [User()].publisher
let request = Just(Post()).setFailureType(to: FetchError.self)
let keystrokes = PassthroughSubject<Keystroke, Never>()
let remoteChoices = PassthroughSubject<String, Never>()
let livePosts = PassthroughSubject<Post, Never>()
let cachedPosts = [Post()]
let firstPage = [Post()].publisher
let secondPage = [Post()].publisher
