import Testing

@testable import Signal

@Suite struct BufferTests {
  @Test(arguments: [1, 8, 1000])
  func suspendLosesNothing(capacity: Int) async {
    let buffered = (0..<1000).publisher.buffer(.suspend(capacity))
    #expect(await buffered.allValues() == Array(0..<1000))
  }

  /// The consumer takes 0 (which starts the upstream), then falls behind while 1...10
  /// arrive; it reads only after the upstream has finished.
  private func slowConsumer(_ strategy: BufferingPolicy) async -> [Int] {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let (completed, completedSignal) = AsyncStream.makeStream(of: Void.self)
    let buffered = stream.publisher
      .handleEvents(receiveCompletion: { _ in completedSignal.yield() })
      .buffer(size: 3, whenFull: strategy)
    var iterator = buffered.makeAsyncIterator()
    input.yield(0)
    guard await iterator.next() == 0 else { return [] }
    for value in 1...10 { input.yield(value) }
    input.finish()
    if case .suspend = strategy {
    } else {
      var signals = completed.makeAsyncIterator()
      await signals.next()
    }
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    return values
  }

  @Test func dropNewestKeepsTheFirstValuesThatFit() async {
    #expect(await slowConsumer(.dropNewest) == [1, 2, 3])
  }

  @Test func dropOldestKeepsTheLatestValues() async {
    #expect(await slowConsumer(.dropOldest) == [8, 9, 10])
  }

  @Test func suspendKeepsEverything() async {
    #expect(await slowConsumer(.suspend) == Array(1...10))
  }

  @Test func aFailureArrivesAfterTheBufferedValues() async {
    #expect(
      await record(failing(after: [1, 2, 3]).buffer(.suspend(8)))
        == Recording(values: [1, 2, 3], completion: .failure(.boom)))
  }

  @Test func eachSubscriptionHasItsOwnUpstream() async {
    let upstream = FlakyPublisher(values: [1, 2], failingSubscriptions: 1)
    let buffered = upstream.buffer(.default)
    #expect(await record(buffered) == Recording(values: [1, 2], completion: .failure(.boom)))
    #expect(await record(buffered) == Recording(values: [1, 2], completion: .finished))
    #expect(upstream.subscriptions.value == 2)
  }

  @Test func makingTheIteratorSubscribesAtOnce() async {
    let upstream = FlakyPublisher(values: [1], failingSubscriptions: 0)
    var iterator: Publishers.Buffer<FlakyPublisher>.Iterator? = upstream.buffer(.default).makeAsyncIterator()
    #expect(upstream.subscriptions.value == 1)
    _ = iterator
    iterator = nil
    #expect(upstream.subscriptions.value == 1)
  }

  @Test func cancellingTheConsumerCancelsTheUpstream() async {
    let upstream = OpenUpstream()
    let (received, receivedSignal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var iterator = upstream.publisher.buffer(.dropOldest(4)).makeAsyncIterator()
      var values: [Int] = []
      while let value = await iterator.next() {
        values.append(value)
        receivedSignal.yield()
      }
      return values
    }
    upstream.input.yield(1)
    var signals = received.makeAsyncIterator()
    await signals.next()
    consumer.cancel()
    await upstream.waitForCancellation()
    #expect(await consumer.value == [1])
  }

  @Test func combineSpellingMapsToThePolicies() {
    #expect([1].publisher.buffer(size: 4, whenFull: .suspend).policy == .suspend(4))
    #expect([1].publisher.buffer(size: 2, whenFull: .dropOldest).policy == .dropOldest(2))
    #expect([1].publisher.buffer(size: 3).policy == .suspend(3))
    #expect([1].publisher.buffer(size: 0, whenFull: .dropNewest).policy.capacity == 1)
    // The size wins over a capacity given with the policy.
    #expect([1].publisher.buffer(size: 5, whenFull: .dropNewest(9)).policy == .dropNewest(5))
  }
}
