import Signal
import SignalTesting
import Testing

/// The testing guide's recipe (Time.md, "Testing a view model that owns a subject"), kept
/// compiling and passing here.
@MainActor private final class SearchModel {
  private let queries = PassthroughSubject<String, Never>()
  let searches: AnyPublisher<String, Never>

  init(clock: some Clock<Duration>) {
    searches = queries.debounce(for: .milliseconds(300), clock: clock).eraseToAnyPublisher()
  }

  /// The text field changed: an intent, sent synchronously as a view sends it.
  func type(_ text: String) {
    _ = queries.trySend(text)
  }
}

@Suite(.timeLimit(.minutes(1))) struct ViewModelRecipeTests {
  @MainActor @Test(arguments: 0..<20)
  func searchesOnceTheUserPauses(_ run: Int) async {
    let clock = TestClock()
    let model = SearchModel(clock: clock)
    let searches = Recorder(model.searches)
    model.type("t")
    model.type("tree")
    await clock.waitForSleepers(count: 1)  // the debounce has taken the text and armed its timer
    await clock.advance(by: .milliseconds(300))
    #expect(await searches.next() == .value("tree"))
  }
}
