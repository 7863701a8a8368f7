// What Time.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal
import SignalTesting

enum ConnectionError: Error {
  case serverSilent
}

struct Connection: Sendable {
  let messages = PassthroughSubject<String, ConnectionError>()
}

struct Page: Sendable {}

/// A view model that hides itself after a while, on the clock it is given.
final class Banner: Sendable {
  let text: String
  let clock: ImmediateClock
  var isHidden: Bool { true }
  init(text: String, clock: ImmediateClock) {
    self.text = text
    self.clock = clock
  }
  func showThenHide(after delay: Duration) async throws { try await clock.sleep(for: delay) }
}

let searchText = PassthroughSubject<String, Never>()
let scrollOffsets = PassthroughSubject<Double, Never>()
let toasts = PassthroughSubject<String, Never>()
let connection = Connection()
let events = PassthroughSubject<String, Never>()

func search(_ query: String) async {}
func redraw(at offset: Double) {}
func show(_ toast: String) {}
func show(_ page: Page) {}
func show(_ error: FetchError) {}
func handle(_ reply: String) {}
func fetch() async throws(FetchError) -> Page { Page() }
func showSlowNetworkBanner() {}
func upload(_ batch: [String]) async {}
