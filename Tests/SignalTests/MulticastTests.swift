import Testing

@testable import Signal

@Suite struct MulticastTests {
  @Test func nothingFlowsUntilConnectThenEverySubscriberGetsEveryValue() async {
    let upstream = FlakyPublisher(values: Array(1...100), failingSubscriptions: 0)
    let multicast = upstream.multicast { PassthroughSubject<Int, TestError>() }
    var connection: AnyCancellable?
    let outputs = await drainTogether(multicast, subscribers: 3) {
      #expect(upstream.subscriptions.value == 0)
      connection = multicast.connect()
    }
    #expect(outputs == Array(repeating: Array(1...100), count: 3))
    #expect(upstream.subscriptions.value == 1)
    withExtendedLifetime(connection) {}
  }

  @Test func theCompletionReachesSubscribersAndLaterOnesGetJustTheCompletion() async {
    let multicast = failing(after: [1, 2]).multicast { PassthroughSubject<Int, TestError>() }
    var iterator = multicast.makeAsyncIterator()
    let connection = multicast.connect()
    var values: [Int] = []
    var failure: TestError?
    do {
      while let value = try await iterator.next() { values.append(value) }
    } catch {
      failure = error
    }
    #expect(values == [1, 2])
    #expect(failure == .boom)
    #expect(await record(multicast) == Recording(values: [], completion: .failure(.boom)))
    connection.cancel()
  }

  @Test func cancellingTheConnectionCancelsTheUpstreamAndLeavesSubscribersOpen() async throws {
    let upstream = OpenUpstream()
    let subject = PassthroughSubject<Int, Never>()
    let multicast = upstream.publisher.multicast(subject: subject)
    var iterator = multicast.makeAsyncIterator()
    let connection = multicast.connect()
    upstream.input.yield(1)
    #expect(await iterator.next() == 1)
    connection.cancel()
    await upstream.waitForCancellation()
    // The subject itself is still open: a value sent into it directly still arrives.
    await subject.send(42)
    #expect(await iterator.next() == 42)
  }

  @Test func theSubjectIsMadeOnceAndSharedBySubscribersAndConnections() async {
    let made = Counter()
    let multicast = [1, 2, 3].publisher.multicast {
      made.increment()
      return ReplaySubject<Int, Never>(bufferSize: 3)
    }
    #expect(made.value == 0)
    let connection = multicast.connect()
    #expect(made.value == 1)
    // A replaying subject shows late subscribers what the connection already sent.
    #expect(await record(multicast) == Recording(values: [1, 2, 3], completion: .finished))
    #expect(await record(multicast) == Recording(values: [1, 2, 3], completion: .finished))
    #expect(made.value == 1)
    connection.cancel()
  }

  @Test func eachConnectSubscribesToTheUpstreamAgain() async {
    let upstream = FlakyPublisher(values: [1], failingSubscriptions: 0)
    let multicast = upstream.multicast { PassthroughSubject<Int, TestError>() }
    let first = multicast.connect()
    let second = multicast.connect()
    #expect(await eventually { upstream.subscriptions.value == 2 })
    first.cancel()
    second.cancel()
  }

  @Test func autoconnectConnectsWhenTheFirstSubscriberSubscribesOnceForAllSubscribers() async {
    let upstream = OpenUpstream()
    let relayed = upstream.publisher.multicast { PassthroughSubject<Int, Never>() }.autoconnect()
    var first = relayed.makeAsyncIterator()
    var second = relayed.makeAsyncIterator()
    #expect(upstream.subscriptions.value == 1)
    upstream.input.yield(1)
    upstream.input.finish()
    #expect(await first.next() == 1)
    #expect(await second.next() == 1)
    #expect(await first.next() == nil)
    #expect(await second.next() == nil)
    #expect(upstream.subscriptions.value == 1)
  }

  @Test func autoconnectDisconnectsWhenTheLastSubscriberLeavesAndReconnectsForTheNext() async {
    let upstream = OpenUpstream()
    let relayed = upstream.publisher.multicast { PassthroughSubject<Int, Never>() }.autoconnect()
    var first:
      Publishers.Autoconnect<Publishers.Multicast<OpenUpstream.Upstream, PassthroughSubject<Int, Never>>>
        .Iterator? = relayed.makeAsyncIterator()
    var second = relayed.makeAsyncIterator()
    upstream.input.yield(1)
    #expect(await first?.next() == 1)
    #expect(await second.next() == 1)
    first = nil
    upstream.input.yield(2)
    #expect(await second.next() == 2)
    _ = consume second  // the last subscriber leaves: the connection is cancelled
    await upstream.waitForCancellation()
    var third = relayed.makeAsyncIterator()
    let reconnected = Task { await third.next() }
    #expect(await eventually { upstream.subscriptions.value == 2 })
    reconnected.cancel()
    _ = await reconnected.value
  }
}
