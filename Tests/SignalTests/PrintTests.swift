import Signal
import Synchronization
import Testing

/// Collects what `print(_:to:)` writes; a class, so every copy writes to the same lines.
private final class Lines: TextOutputStream, Sendable {
  private let text = Mutex("")

  func write(_ string: String) {
    text.withLock { $0 += string }
  }

  var all: [Substring] {
    text.withLock { $0.split(separator: "\n") }
  }
}

@Suite struct PrintTests {
  @Test func printsSubscriptionValuesAndTheFinish() async {
    let lines = Lines()
    #expect(await [1, 2].publisher.print("n", to: lines).allValues() == [1, 2])
    #expect(
      lines.all == ["n: receive subscription", "n: receive value: (1)", "n: receive value: (2)", "n: receive finished"])
  }

  @Test func printsTheFailureWithoutAPrefixWhenNoneIsGiven() async {
    let lines = Lines()
    _ = await record(failing(after: []).print(to: lines))
    #expect(lines.all == ["receive subscription", "receive error: (boom)"])
  }

  @Test func printsCancelWhenTheTaskIsCancelled() async {
    let lines = Lines()
    _ = await outputsUntilCancelled(feeding: [1], valuesBeforeCancel: 1) { $0.print("c", to: lines) }
    #expect(lines.all.last == "c: receive cancel")
  }
}
