// What WithLatestFrom.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct User: Sendable {}
struct Filter: Sendable {}

let submits = PassthroughSubject<Void, Never>()
let field = CurrentValueSubject<String, Never>("")
let refreshes = PassthroughSubject<Void, Never>()
let session = CurrentValueSubject<User, Never>(User())
let filters = CurrentValueSubject<Filter, Never>(Filter())
let downloads = PassthroughSubject<Int, Never>()
let closeTaps = PassthroughSubject<Void, Never>()
let notifications = PassthroughSubject<String, Never>()
let loggedIn = PassthroughSubject<Void, Never>()

func search(_ text: String) {}
