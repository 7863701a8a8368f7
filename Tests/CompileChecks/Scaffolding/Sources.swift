// What Sources.md's code blocks use without declaring it (see .ci/compile-checks).
import Observation
import Signal

struct Config: Sendable {}
struct Reading: Sendable {}
struct SensorError: Error {}

/// A callback API, as a device SDK has: set the callbacks, start, stop.
final class Sensor: Sendable {
  var onReading: (@Sendable (Reading) -> Void)? {
    get { nil }
    set { _ = newValue }
  }
  var onFailure: (@Sendable (SensorError) -> Void)? {
    get { nil }
    set { _ = newValue }
  }
  func start() {}
  func stop() {}
}

struct TextFile: Sendable {
  var lines: AsyncStream<String> { AsyncStream { $0.finish() } }
}

struct Item: Sendable {
  var price = 0
}

@MainActor final class Label {
  var text = ""
}

@MainActor @Observable final class Document {
  var text = ""
}

let file = TextFile()
let someAsyncStream = AsyncThrowingStream<Int, any Error> { $0.finish() }
@MainActor let label = Label()
@MainActor let document = Document()

func fetchConfig() async throws(FetchError) -> Config { Config() }
func render(_ value: Int) {}
