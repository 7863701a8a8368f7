import Signal
import Testing

/// Counts its performances; fails when asked to.
private struct Lookup: Performable {
  struct NotFound: Error, Equatable { let key: String }
  let key: String
  let performed: Counter

  func perform() async throws(NotFound) -> Int {
    performed.increment()
    guard key != "missing" else { throw NotFound(key: key) }
    return key.count
  }
}

@Suite struct PerformableTests {
  @Test func publisherEmitsTheOutputThenFinishes() async throws {
    var iterator = Lookup(key: "hello", performed: Counter()).publisher.makeAsyncIterator()
    #expect(try await iterator.next() == 5)
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func publisherFailsWithTheTypedFailure() async throws {
    var iterator = Lookup(key: "missing", performed: Counter()).publisher.makeAsyncIterator()
    let error = await #expect(throws: Lookup.NotFound.self) { try await iterator.next() }
    #expect(error == Lookup.NotFound(key: "missing"))
    #expect(try await iterator.next() == nil)
  }

  @Test func eachSubscriptionPerformsOnceMore() async throws {
    let counter = Counter()
    let publisher = Lookup(key: "abc", performed: counter).publisher
    #expect(counter.value == 0)
    for try await value in publisher { #expect(value == 3) }
    for try await value in publisher { #expect(value == 3) }
    #expect(counter.value == 2)
  }

  @Test func aCancelledSubscriberEndsWithoutPerforming() async throws {
    let counter = Counter()
    let publisher = Lookup(key: "abc", performed: counter).publisher
    let (gate, openGate) = AsyncStream<Void>.makeStream()
    let subscriber = Task {
      for await _ in gate { break }
      var iterator = publisher.makeAsyncIterator()
      return try await iterator.next()
    }
    subscriber.cancel()
    openGate.yield()
    #expect(try await subscriber.value == nil)
    #expect(counter.value == 0)
  }

  @Test func fanInDefaultsAreDocumented() {
    let publisher = Lookup.publisher(for: [])
    #expect(publisher.retries.maxRetries == 0)
    #expect(publisher.maxConcurrent == 8)
    #expect(publisher.ordering == .completion)
    #expect(Lookup.publisher(for: [], retries: -3).retries.maxRetries == 0)
  }
}
