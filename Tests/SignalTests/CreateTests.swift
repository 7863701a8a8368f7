import Synchronization
import Testing

@testable import Signal

@Suite struct CreateTests {
  @Test func sendsValuesThenFinishes() async {
    let numbers = Publishers.Create<Int, Never> { subscriber in
      for value in 1...5 { await subscriber.send(value) }
      subscriber.finish()
    }
    #expect(await numbers.allValues() == [1, 2, 3, 4, 5])
  }

  @Test func aFailureArrivesAfterTheBufferedValues() async {
    let failing = Publishers.Create<Int, TestError> { subscriber in
      subscriber.trySend(1)
      subscriber.trySend(2)
      subscriber.fail(.boom)
      #expect(subscriber.trySend(3) == .terminated)
    }
    #expect(await record(failing) == Recording(values: [1, 2], completion: .failure(.boom)))
  }

  @Test func aThrowingBodyFailsTheStream() async {
    let failing = Publishers.Create<Int, TestError> { subscriber throws(TestError) in
      await subscriber.send(1)
      throw .other
    }
    #expect(await record(failing) == Recording(values: [1], completion: .failure(.other)))
  }

  @Test func eachSubscriptionRunsTheBodyOnItsFirstDemand() async {
    let runs = Counter()
    let source = Publishers.Create<Int, Never> { subscriber in
      await subscriber.send(runs.increment())
      subscriber.finish()
    }
    var iterator = source.makeAsyncIterator()
    #expect(runs.value == 0)
    #expect(await iterator.next() == 1)
    #expect(await source.allValues() == [2])
  }

  @Test func sendWaitsWhileTheBufferIsFull() async {
    let capacity = 3
    let returned = Counter()
    let source = Publishers.Create<Int, Never>(buffering: .suspend(capacity)) { subscriber in
      for value in 0..<50 {
        await subscriber.send(value)
        returned.increment()
      }
      subscriber.finish()
    }
    var received = 0
    for await value in source {
      #expect(value == received)
      received += 1
      // A slow consumer: the producer gets every chance to run ahead, and must not.
      for _ in 0..<20 { await Task.yield() }
      #expect(returned.value <= received + capacity)
    }
    #expect(received == 50)
  }

  @Test func trySendReportsAFullSuspendBuffer() async {
    let results = Mutex<[CreateSendResult]>([])
    let source = Publishers.Create<Int, Never>(buffering: .suspend(2)) { subscriber in
      let sent = (1...4).map { subscriber.trySend($0) }
      results.withLock { $0 = sent }
      subscriber.finish()
    }
    #expect(await source.allValues() == [1, 2])
    #expect(results.withLock { $0 } == [.enqueued, .enqueued, .full, .full])
  }

  /// A callback fires far faster than the consumer reads: the buffer never holds more than its
  /// capacity, and the latest values win.
  @Test func aFastCallbackNeverGrowsTheBufferBeyondItsCapacity() async {
    let largest = Atomic(0)
    let results = Mutex<[CreateSendResult: Int]>([:])
    let source = Publishers.Create<Int, Never>(buffering: .dropOldest(16)) { subscriber in
      for value in 0..<100_000 {
        let result = subscriber.trySend(value)
        results.withLock { $0[result, default: 0] += 1 }
        largest.max(subscriber.storage.state.withLock { $0.bufferedCount }, ordering: .relaxed)
      }
      subscriber.finish()
    }
    var iterator = source.makeAsyncIterator()
    let first = await iterator.next()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    // The first value may be any: the callback runs on while the woken consumer gets going.
    #expect(first.map { $0 < (values.first ?? .max) } == true)
    #expect(largest.load(ordering: .relaxed) <= 16)
    #expect(values.last == 99_999)
    #expect(values == values.sorted())
    let counts = results.withLock { $0 }
    #expect(counts[.enqueued, default: 0] + counts[.dropped, default: 0] == 100_000)
    #expect(values.count + 1 <= counts[.enqueued, default: 0])
  }

  @Test func cancellingTheConsumerRunsTheCleanupOnceAndEndsTheBody() async {
    let cleanups = Counter()
    let (bodyEnded, bodyEnd) = AsyncStream.makeStream(of: CreateSendResult.self)
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let source = Publishers.Create<Int, Never>(buffering: .suspend(1)) { subscriber in
      subscriber.onCancel { cleanups.increment() }
      subscriber.trySend(1)
      start.finish()
      // Parks: the buffer is full and nobody reads.
      bodyEnd.yield(await subscriber.send(2))
      bodyEnd.finish()
    }
    let consumer = Task {
      var iterator = source.makeAsyncIterator()
      _ = await iterator.next()
      return await iterator.next()
    }
    for await _ in started {}
    consumer.cancel()
    _ = await consumer.value
    var ends = bodyEnded.makeAsyncIterator()
    let sendResult = await ends.next()
    // The parked send ended with the subscription (`.terminated`) or took the freed slot first.
    #expect(sendResult == .terminated || sendResult == .enqueued)
    #expect(cleanups.value == 1)
  }

  @Test func droppingTheIteratorRunsTheCleanup() async {
    let cleanups = Counter()
    let (registered, register) = AsyncStream.makeStream(of: Void.self)
    let source = Publishers.Create<Int, Never> { subscriber in
      subscriber.onCancel { cleanups.increment() }
      subscriber.trySend(1)
      register.finish()
    }
    var iterator: Publishers.Create<Int, Never>.Iterator? = source.makeAsyncIterator()
    #expect(await iterator?.next() == 1)
    for await _ in registered {}
    iterator = nil
    #expect(cleanups.value == 1)
  }

  @Test func cleanupRegisteredAfterTheSubscriberLeftRunsAtOnce() async {
    let (leave, left) = AsyncStream.makeStream(of: Void.self)
    let (done, finished) = AsyncStream.makeStream(of: Bool.self)
    let source = Publishers.Create<Int, Never> { subscriber in
      subscriber.trySend(1)
      for await _ in leave {}
      let ran = Atomic(false)
      subscriber.onCancel { ran.store(true, ordering: .relaxed) }
      finished.yield(ran.load(ordering: .relaxed) && !subscriber.isActive)
      finished.finish()
    }
    var iterator: Publishers.Create<Int, Never>.Iterator? = source.makeAsyncIterator()
    #expect(await iterator?.next() == 1)
    iterator = nil
    left.finish()
    var results = done.makeAsyncIterator()
    #expect(await results.next() == true)
  }

  @Test func noCleanupAfterTheSourceFinished() async {
    let cleanups = Counter()
    let source = Publishers.Create<Int, Never> { subscriber in
      subscriber.onCancel { cleanups.increment() }
      subscriber.trySend(1)
      subscriber.finish()
    }
    var iterator: Publishers.Create<Int, Never>.Iterator? = source.makeAsyncIterator()
    #expect(await iterator?.next() == 1)
    iterator = nil
    #expect(cleanups.value == 0)
  }
}
