// What SwitchToLatest.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

struct SearchError: Error {}

struct SearchClient: Sendable {
  func suggestions(for text: String) -> some Publisher<[String], FetchError> {
    Just([text]).setFailureType(to: FetchError.self)
  }
  func search(_ query: String) async throws(SearchError) -> [String] { [query] }
}

let typedText = PassthroughSubject<String, Never>()
let client = SearchClient()
let queries = PassthroughSubject<String, Never>()

func show(_ list: [String]) {}
