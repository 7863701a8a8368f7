import Signal
import Testing

@Suite struct ZipTests {
  @Test func pairsValuesInOrder() async {
    let pairs = await [1, 2, 3].publisher.zip(["a", "b", "c"].publisher).allValues()
    #expect(pairs.map(\.0) == [1, 2, 3])
    #expect(pairs.map(\.1) == ["a", "b", "c"])
  }

  @Test func pairsValuesThatArriveAtDifferentTimes() async {
    let left = ManualSource(Int.self)
    let right = ManualSource(String.self)
    var iterator = left.publisher.zip(right.publisher).makeAsyncIterator()
    left.send(1, 2)
    right.send("a")
    let first = await iterator.next()
    #expect(first?.0 == 1 && first?.1 == "a")
    right.send("b", "c")
    let second = await iterator.next()
    #expect(second?.0 == 2 && second?.1 == "b")
    left.send(3)
    let third = await iterator.next()
    #expect(third?.0 == 3 && third?.1 == "c")
    left.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func finishesWhenTheShorterUpstreamRunsOutAndCancelsTheOther() async {
    let probe = CancelCounter()
    let endless = ManualSource(Int.self)
    endless.send(1, 2, 3)
    let pairs = await probe.watch(endless.publisher).zip(["a", "b"].publisher).allValues()
    #expect(pairs.map(\.0) == [1, 2])
    await probe.waitForCancellations(1)
    #expect(probe.cancellations == 1)
  }

  @Test func anUpstreamThatFinishesWithBufferedValuesStillPairsThem() async {
    let left = ManualSource(Int.self)
    left.send(1, 2, 3)
    left.finish()
    let right = ManualSource(String.self)
    var iterator = left.publisher.zip(right.publisher).makeAsyncIterator()
    right.send("a")
    #expect(await iterator.next()?.0 == 1)
    right.send("b", "c", "d")
    #expect(await iterator.next()?.1 == "b")
    #expect(await iterator.next()?.1 == "c")
    #expect(await iterator.next() == nil)
  }

  @Test func anEmptyUpstreamFinishesAtOnce() async {
    let probe = CancelCounter()
    let never = ManualSource(Int.self)
    let pairs = await probe.watch(never.publisher).zip(Empty<Int, Never>()).allValues()
    #expect(pairs.isEmpty)
    await probe.waitForCancellations(1)
  }

  @Test func failsWhenAnUpstreamFailsBeforeItsFirstValue() async {
    let never = ManualSource(Int.self)
    let zipped = never.publisher.setFailureType(to: TestError.self).zip(Fail<Int, TestError>(error: .boom))
    let recording = await record(zipped)
    #expect(recording.values.isEmpty)
    #expect(recording.completion == .failure(.boom))
  }

  @Test func failsAfterThePairsFormedBeforeTheFailure() async {
    let recording = await record(
      failing(after: [1, 2]).zip([10, 20, 30].publisher.setFailureType(to: TestError.self)))
    #expect(recording.completion == .failure(.boom))
    let expected = [(1, 10), (2, 20)]
    #expect(recording.values.count <= 2)
    for (index, pair) in recording.values.enumerated() {
      #expect(pair == expected[index])
    }
  }

  @Test func cancellingTheConsumerCancelsEveryUpstream() async {
    let probe = CancelCounter()
    let left = ManualSource(Int.self)
    let right = ManualSource(Int.self)
    let zipped = probe.watch(left.publisher).zip(probe.watch(right.publisher))
    let (received, signal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      for await _ in zipped {
        count += 1
        signal.yield()
      }
      return count
    }
    left.send(1)
    right.send(1)
    var signals = received.makeAsyncIterator()
    await signals.next()
    consumer.cancel()
    #expect(await consumer.value == 1)
    await probe.waitForCancellations(2)
    #expect(probe.cancellations == 2)
  }

  @Test func droppingTheIteratorCancelsEveryUpstream() async {
    let probe = CancelCounter()
    let left = ManualSource(Int.self)
    let right = ManualSource(Int.self)
    let zipped = probe.watch(left.publisher).zip(probe.watch(right.publisher))
    var iterator: Optional = zipped.makeAsyncIterator()
    left.send(1)
    right.send(2)
    let pair = await iterator?.next()
    #expect(pair?.0 == 1 && pair?.1 == 2)
    iterator = nil
    await probe.waitForCancellations(2)
    #expect(probe.cancellations == 2)
  }

  @Test func aFasterUpstreamIsHeldBackByItsBuffer() async {
    let produced = Counter()
    let fast = (0...).publisher.handleEvents(receiveOutput: { _ in produced.increment() })
    let slow = ManualSource(Int.self)
    var iterator = fast.zip(slow.publisher).makeAsyncIterator()
    slow.send(0)
    #expect(await iterator.next()?.0 == 0)
    // The fast upstream fills its buffer (64 values) plus the one it holds while it waits.
    #expect(await eventually { produced.value >= 65 })
    for _ in 0..<1000 { await Task.yield() }
    #expect(produced.value <= 66)
    slow.send(1)
    #expect(await iterator.next()?.0 == 1)
  }

  @Test func zip3CombinesThreeUpstreamsOfDifferentTypes() async {
    let triples = await [1, 2, 3].publisher.zip(["a", "b"].publisher, [true, false, true].publisher).allValues()
    #expect(triples.map(\.0) == [1, 2])
    #expect(triples.map(\.1) == ["a", "b"])
    #expect(triples.map(\.2) == [true, false])
  }

  @Test func zipManyCombinesAnArrayOfUpstreams() async {
    let rows = await Publishers.ZipMany([[1, 2, 3].publisher, [10, 20].publisher, [100, 200, 300].publisher])
      .allValues()
    #expect(rows == [[1, 10, 100], [2, 20, 200]])
  }

  @Test func zipManyOfNothingFinishesAtOnce() async {
    let rows = await Publishers.ZipMany([SequencePublisher<[Int]>]()).allValues()
    #expect(rows.isEmpty)
  }

  @Test func zipManyOfOneUpstreamWrapsEachValue() async {
    #expect(await Publishers.ZipMany([[1, 2].publisher]).allValues() == [[1], [2]])
  }

  @Test func aLongZipKeepsEveryPairInOrder() async {
    let count = 10_000
    let pairs = await (0..<count).publisher.zip((0..<count).publisher.map { -$0 }).allValues()
    #expect(pairs.count == count)
    #expect(pairs.allSatisfy { $0.0 == -$0.1 })
    #expect(pairs.map(\.0) == Array(0..<count))
  }

  @Test func endsOnlyOnceWhenPolledAfterTheEnd() async throws {
    var iterator = failing(after: []).zip(failing(after: [])).makeAsyncIterator()
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func iteratingOnTheMainActorStaysThere() async {
    await MainActor.run {}
    let values = await zipOnMainActor()
    #expect(values.count == 3)
  }

  @MainActor private func zipOnMainActor() async -> [Int] {
    var results: [Int] = []
    for await (a, b) in [1, 2, 3].publisher.zip([4, 5, 6].publisher) {
      MainActor.assertIsolated()
      results.append(a + b)
    }
    return results
  }
}
