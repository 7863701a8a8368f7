import Signal
import Testing

@Suite struct CombineLatestTests {
  @Test func emitsOnEveryValueOnceAllHaveEmitted() async {
    let left = ManualSource(Int.self)
    let right = ManualSource(String.self)
    var iterator = left.publisher.combineLatest(right.publisher).makeAsyncIterator()
    left.send(1)
    right.send("a")
    let zeroth = await iterator.next()
    #expect(zeroth?.0 == 1 && zeroth?.1 == "a")
    left.send(2)
    let first = await iterator.next()
    #expect(first?.0 == 2 && first?.1 == "a")
    right.send("b")
    let second = await iterator.next()
    #expect(second?.0 == 2 && second?.1 == "b")
    left.send(3)
    let third = await iterator.next()
    #expect(third?.0 == 3 && third?.1 == "b")
    left.finish()
    right.send("c")
    let fourth = await iterator.next()
    #expect(fourth?.0 == 3 && fourth?.1 == "c")
    right.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func deliversEveryValueOfAFastUpstream() async {
    let fixed = ManualSource(Int.self)
    fixed.send(0)
    var iterator = fixed.publisher.combineLatest((1...500).publisher).makeAsyncIterator()
    var seen: [Int] = []
    while seen.last != 500, let pair = await iterator.next() { seen.append(pair.1) }
    // Values of the second upstream that came before the first's value are not paired.
    #expect(seen == Array((seen.first ?? 1)...500))
    fixed.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func finishesOnlyWhenEveryUpstreamHasFinished() async {
    let left = ManualSource(Int.self)
    let right = ManualSource(Int.self)
    var iterator = left.publisher.combineLatest(right.publisher).makeAsyncIterator()
    left.send(1)
    left.finish()
    right.send(10)
    #expect(await iterator.next()?.1 == 10)
    right.send(20)
    #expect(await iterator.next()?.1 == 20)
    right.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func anUpstreamFinishingWithoutAValueFinishesAtOnceAndCancelsTheRest() async {
    let probe = CancelCounter()
    let never = ManualSource(Int.self)
    never.send(1)
    let pairs = await probe.watch(never.publisher).combineLatest(Empty<Int, Never>()).allValues()
    #expect(pairs.isEmpty)
    await probe.waitForCancellations(1)
    #expect(probe.cancellations == 1)
  }

  @Test func failsWhenAnUpstreamFailsBeforeItsFirstValue() async {
    let probe = CancelCounter()
    let never = ManualSource(Int.self)
    let combined = probe.watch(never.publisher.setFailureType(to: TestError.self))
      .combineLatest(Fail<Int, TestError>(error: .boom))
    let recording = await record(combined)
    #expect(recording.values.isEmpty)
    #expect(recording.completion == .failure(.boom))
    await probe.waitForCancellations(1)
  }

  @Test func failsAfterTheValuesThatArrivedBeforeTheFailure() async throws {
    let left = ManualSource(Int.self)
    let right = ManualSource(Int.self)
    var iterator = left.failingOnNegative.combineLatest(right.failingOnNegative).makeAsyncIterator()
    left.send(1)
    right.send(10)
    #expect(try await iterator.next()?.1 == 10)
    right.send(20)
    #expect(try await iterator.next()?.1 == 20)
    left.send(-1)
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func cancellingTheConsumerCancelsEveryUpstream() async {
    let probe = CancelCounter()
    let left = ManualSource(Int.self)
    let right = ManualSource(Int.self)
    let combined = probe.watch(left.publisher).combineLatest(probe.watch(right.publisher))
    let (received, signal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var sums: [Int] = []
      for await (a, b) in combined {
        sums.append(a + b)
        signal.yield()
      }
      return sums
    }
    left.send(1)
    right.send(2)
    var signals = received.makeAsyncIterator()
    await signals.next()
    consumer.cancel()
    #expect(await consumer.value == [3])
    await probe.waitForCancellations(2)
    #expect(probe.cancellations == 2)
  }

  @Test func combineLatest3CombinesThreeUpstreamsOfDifferentTypes() async {
    let first = ManualSource(Int.self)
    let second = ManualSource(String.self)
    let third = ManualSource(Bool.self)
    var iterator = first.publisher.combineLatest(second.publisher, third.publisher).makeAsyncIterator()
    first.send(1)
    second.send("a")
    third.send(true)
    let triple = await iterator.next()
    #expect(triple?.0 == 1 && triple?.1 == "a" && triple?.2 == true)
    second.send("b")
    #expect(await iterator.next()?.1 == "b")
    for source in [first.input.finish, second.input.finish, third.input.finish] { source() }
    #expect(await iterator.next() == nil)
  }

  @Test func combineLatestManyCombinesAnArrayOfUpstreams() async {
    let sources = (0..<4).map { _ in ManualSource(Int.self) }
    var iterator = Publishers.CombineLatestMany(sources.map(\.publisher)).makeAsyncIterator()
    for (index, source) in sources.enumerated() { source.send(index) }
    #expect(await iterator.next() == [0, 1, 2, 3])
    sources[2].send(20)
    #expect(await iterator.next() == [0, 1, 20, 3])
    for source in sources { source.finish() }
    #expect(await iterator.next() == nil)
  }

  @Test func combineLatestManyOfNothingFinishesAtOnce() async {
    #expect(await Publishers.CombineLatestMany([SequencePublisher<[Int]>]()).allValues().isEmpty)
  }
}
