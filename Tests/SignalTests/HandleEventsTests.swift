import Signal
import Synchronization
import Testing

@Suite struct HandleEventsTests {
  /// Records the events a `handleEvents` stage reports, in order.
  final class EventLog: Sendable {
    private let events = Mutex<[String]>([])

    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
  }

  func logged<P: Publisher>(_ publisher: P, into log: EventLog) -> Publishers.HandleEvents<P> {
    publisher.handleEvents(
      receiveSubscription: { log.append("subscription") },
      receiveOutput: { log.append("output \($0)") },
      receiveCompletion: { completion in
        switch completion {
        case .finished: log.append("finished")
        case .failure(let error): log.append("failure \(error)")
        }
      },
      receiveCancel: { log.append("cancel") }
    )
  }

  @Test func reportsEveryEventOfAFinishingStream() async {
    let log = EventLog()
    let publisher = logged([1, 2].publisher, into: log)
    #expect(log.all.isEmpty)
    #expect(await publisher.allValues() == [1, 2])
    #expect(log.all == ["subscription", "output 1", "output 2", "finished"])
  }

  @Test func reportsAFailureOnce() async throws {
    let log = EventLog()
    var iterator = logged(failing(after: [3]), into: log).makeAsyncIterator()
    #expect(try await iterator.next() == 3)
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(log.all == ["subscription", "output 3", "failure boom"])
  }

  @Test func reportsCompletionOnceWhenPolledAgain() async {
    let log = EventLog()
    var iterator = logged(Empty<Int, Never>(), into: log).makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
    #expect(log.all == ["subscription", "finished"])
  }

  @Test func reportsCancelWhenTheIteratingTaskIsCancelled() async {
    let log = EventLog()
    let outputs = await outputsUntilCancelled(feeding: [1], valuesBeforeCancel: 1) { logged($0, into: log) }
    #expect(outputs == [1])
    #expect(log.all == ["subscription", "output 1", "cancel"])
  }

  @Test func allClosuresAreOptional() async {
    let seen = EventLog()
    let publisher = [5].publisher.handleEvents(receiveOutput: { seen.append("\($0)") })
    #expect(await publisher.allValues() == [5])
    #expect(seen.all == ["5"])
  }

  @Test func reportsCancelWhenTheIteratorIsReleasedBeforeTheEnd() async {
    // `first()` releases its upstream after the first value, as Combine's cancels it.
    let log = EventLog()
    #expect(await logged([1, 2, 3].publisher, into: log).first().allValues() == [1])
    #expect(log.all == ["subscription", "output 1", "cancel"])
  }

  @Test func reportsNothingMoreWhenAnEndedIteratorIsReleased() async {
    let log = EventLog()
    do {
      var iterator = logged([1].publisher, into: log).makeAsyncIterator()
      while await iterator.next() != nil {}
    }
    #expect(log.all == ["subscription", "output 1", "finished"])
  }
}
