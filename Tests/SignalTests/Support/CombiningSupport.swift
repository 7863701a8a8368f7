import Signal
import Synchronization

/// A source the test feeds by hand: an `AsyncStream` as a publisher. It buffers what is sent
/// before anyone subscribes, so tests need not wait for a subscription to exist.
struct ManualSource<Value: Sendable>: Sendable {
  let publisher: Publishers.AsyncSequencePublisher<AsyncStream<Value>>
  let input: AsyncStream<Value>.Continuation

  init(_ type: Value.Type = Value.self) {
    let (stream, input) = AsyncStream.makeStream(of: Value.self)
    publisher = stream.publisher
    self.input = input
  }

  func send(_ values: Value...) {
    for value in values { input.yield(value) }
  }

  func finish() { input.finish() }
}

/// Signals, without sleeping, every time a watched publisher's subscription is cancelled.
struct CancelCounter: Sendable {
  private let events: AsyncStream<Void>
  private let input: AsyncStream<Void>.Continuation
  private let count = Counter()

  init() {
    (events, input) = AsyncStream.makeStream(of: Void.self)
  }

  /// `publisher`, reporting to this probe when a subscription to it is cancelled.
  func watch<P: Publisher>(_ publisher: P) -> Publishers.HandleEvents<P> {
    publisher.handleEvents(receiveCancel: { [input, count] in
      count.increment()
      input.yield()
    })
  }

  /// Waits until `expected` cancellations have been reported in total.
  func waitForCancellations(_ expected: Int) async {
    // Every cancellation counts before it signals, so while the count is short a signal is still due.
    var iterator = events.makeAsyncIterator()
    while count.value < expected, await iterator.next() != nil {}
  }

  var cancellations: Int { count.value }
}

extension ManualSource where Value == Int {
  /// The source's values, failing with `TestError.boom` when a negative number is sent.
  var failingOnNegative: some Publisher<Int, any Error> {
    publisher.tryMap { value in
      guard value >= 0 else { throw TestError.boom }
      return value
    }
  }
}
