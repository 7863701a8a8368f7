import Synchronization
import Testing

@testable import Signal

/// A publisher whose `index`-th value comes from `step(index)`; `nil` finishes it.
private struct Scripted<Output: Sendable, Failure: Error>: Publisher {
  typealias Element = Output

  let step: @Sendable (Int) async throws(Failure) -> Output?

  func makeAsyncIterator() -> Iterator { Iterator(step: step) }

  struct Iterator: AsyncIteratorProtocol {
    let step: @Sendable (Int) async throws(Failure) -> Output?
    var index = 0
    var ended = false

    mutating func next() async throws(Failure) -> Output? { try await next(isolation: nil) }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      guard !ended else { return nil }
      do {
        guard let value = try await step(index) else {
          ended = true
          return nil
        }
        index += 1
        return value
      } catch {
        ended = true
        throw error
      }
    }
  }
}

private struct Boom: Error, Equatable {
  let id: Int
}

/// Suspends until the current task is cancelled, without polling.
private func suspendUntilCancelled() async {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  await withTaskCancellationHandler {
    for await _ in stream {}
  } onCancel: {
    continuation.finish()
  }
}

/// A publisher that never emits and signals `cancelled` once its producer is cancelled.
private func blockedUntilCancelled<Failure: Error>(
  failure: Failure.Type = Never.self,
  signalling cancelled: AsyncStream<Void>.Continuation
) -> Scripted<Int, Failure> {
  Scripted { _ throws(Failure) in
    await suspendUntilCancelled()
    cancelled.yield()
    return nil
  }
}

private func collect<P: Publisher>(_ publisher: P) async throws(P.Failure) -> [P.Output] {
  var values: [P.Output] = []
  var iterator = publisher.makeAsyncIterator()
  while let value = try await iterator.next(isolation: nil) { values.append(value) }
  return values
}

/// Asserts that `values` holds exactly `expected`'s values, each run keeping its order.
private func expectInterleaving(_ values: [Int], of runs: [Range<Int>]) {
  #expect(values.count == runs.reduce(0) { $0 + $1.count })
  for run in runs {
    #expect(values.filter { run.contains($0) } == Array(run))
  }
}

@Suite struct MergeTests {
  @Test func keepsEachUpstreamsOrder() async {
    let values = await collect((0..<1000).publisher.merge(with: (1000..<2000).publisher))
    expectInterleaving(values, of: [0..<1000, 1000..<2000])
  }

  @Test func mergesThreeUpstreamsOfDifferentTypes() async {
    let merged = [0, 1, 2].publisher.merge(with: (3..<6).publisher, (6..<9).publisher.map { $0 })
    let values = await collect(merged)
    expectInterleaving(values, of: [0..<3, 3..<6, 6..<9])
  }

  @Test func mergeManyTakesVariadicArrayAndSequenceForms() async {
    let variadic = Publishers.MergeMany((0..<10).publisher, (10..<20).publisher, (20..<30).publisher)
    expectInterleaving(await collect(variadic), of: [0..<10, 10..<20, 20..<30])

    let fromArray = Publishers.MergeMany([(0..<5).publisher, (5..<10).publisher])
    expectInterleaving(await collect(fromArray), of: [0..<5, 5..<10])

    let merged = (0..<4).map { ($0 * 100..<$0 * 100 + 100).publisher }.merged()
    expectInterleaving(await collect(merged), of: (0..<4).map { $0 * 100..<$0 * 100 + 100 })

    let appended = Publishers.MergeMany((0..<3).publisher).merge(with: (3..<6).publisher)
    expectInterleaving(await collect(appended), of: [0..<3, 3..<6])
  }

  @Test func finishesOnlyWhenEveryUpstreamHasFinished() async {
    let (gate, openGate) = AsyncStream<Void>.makeStream()
    let slow = Scripted<Int, Never> { index in
      guard index == 0 else { return nil }
      for await _ in gate { break }
      return 2
    }
    var iterator = [1].publisher.merge(with: slow).makeAsyncIterator()
    #expect(await iterator.next() == 1)
    openGate.yield()
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  @Test func failureBeforeTheFirstValueCancelsTheOtherUpstream() async throws {
    let (cancelled, signalCancelled) = AsyncStream<Void>.makeStream()
    let failing = Scripted<Int, Boom> { _ throws(Boom) in throw Boom(id: 1) }
    var iterator = failing.merge(with: blockedUntilCancelled(failure: Boom.self, signalling: signalCancelled))
      .makeAsyncIterator()
    await #expect(throws: Boom(id: 1)) { try await iterator.next() }
    var signals = cancelled.makeAsyncIterator()
    #expect(await signals.next() != nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func failureMidStreamDeliversEarlierValuesThenCancelsTheOthers() async throws {
    let (cancelled, signalCancelled) = AsyncStream<Void>.makeStream()
    let failing = Scripted<Int, Boom> { index throws(Boom) in
      guard index < 2 else { throw Boom(id: 7) }
      return index
    }
    let merged = Publishers.Merge3(
      failing,
      blockedUntilCancelled(failure: Boom.self, signalling: signalCancelled),
      blockedUntilCancelled(failure: Boom.self, signalling: signalCancelled)
    )
    var iterator = merged.makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    #expect(try await iterator.next() == 1)
    await #expect(throws: Boom(id: 7)) { try await iterator.next() }
    var signals = cancelled.makeAsyncIterator()
    #expect(await signals.next() != nil)
    #expect(await signals.next() != nil)
  }

  @Test func emptyUpstreamsFinishAtOnce() async {
    #expect(await collect([Int]().publisher.merge(with: [Int]().publisher)).isEmpty)
    #expect(await collect(Publishers.MergeMany<SequencePublisher<[Int]>>()).isEmpty)
    #expect(await collect([SequencePublisher<[Int]>]().merged()).isEmpty)
    let oneEmpty = Publishers.MergeMany([Int]().publisher, [1, 2].publisher, [Int]().publisher)
    #expect(await collect(oneEmpty) == [1, 2])
  }

  @Test func producersNeverRunMoreThanTheCapacityAhead() async {
    let producerCount = 3
    let produced = Atomic<Int>(0)
    let upstreams = (0..<producerCount).map { _ in
      Scripted<Int, Never> { index in
        guard index < 2_000 else { return nil }
        produced.add(1, ordering: .relaxed)
        return index
      }
    }
    let capacity = MergeStorage<Int, Never>.defaultCapacity(upstreamCount: producerCount)
    var consumed = 0
    var peakAhead = 0
    var iterator = upstreams.merged().makeAsyncIterator()
    while await iterator.next() != nil {
      consumed += 1
      // A slow consumer: give the producers every chance to run ahead.
      for _ in 0..<3 { await Task.yield() }
      peakAhead = max(peakAhead, produced.load(ordering: .relaxed) - consumed)
    }
    #expect(consumed == producerCount * 2_000)
    // Each producer may hold one value it could not push yet.
    #expect(peakAhead <= capacity + producerCount)
  }

  /// Immediate upstreams are taken in runs outside the lock, on room reserved first: not one element
  /// more than the capacity is taken ahead of the consumer.
  @Test func immediateUpstreamsAreNeverTakenMoreThanTheCapacityAhead() async {
    let producerCount = 3
    let taken = Atomic<Int>(0)
    let upstreams = (0..<producerCount).map { producer in
      (0..<2_000).publisher.map { value in
        taken.add(1, ordering: .relaxed)
        return producer * 2_000 + value
      }
    }
    let capacity = MergeStorage<Int, Never>.defaultCapacity(upstreamCount: producerCount)
    var values: [Int] = []
    var peakAhead = 0
    var iterator = upstreams.merged().makeAsyncIterator()
    while let value = await iterator.next() {
      values.append(value)
      for _ in 0..<3 { await Task.yield() }
      peakAhead = max(peakAhead, taken.load(ordering: .relaxed) - values.count)
    }
    expectInterleaving(values, of: (0..<producerCount).map { $0 * 2_000..<($0 + 1) * 2_000 })
    #expect(values.count == producerCount * 2_000)
    #expect(peakAhead <= capacity)
  }

  /// An immediate upstream that could not be taken at subscription (the buffer was full) fails
  /// from its producer's run: the values before it, then the failure.
  @Test func anImmediateUpstreamFailsFromItsRun() async {
    let values = (0..<5_000).publisher.setFailureType(to: TestError.self)
    let recording = await record(values.merge(with: Fail<Int, TestError>(error: .boom)))
    #expect(recording.completion == .failure(.boom))
    #expect(recording.values == Array(0..<recording.values.count))
    #expect(recording.values.count >= MergeStorage<Int, TestError>.defaultCapacity(upstreamCount: 2))
  }

  /// An immediate upstream that never ends must not keep the others from running: the failing
  /// one ends the merge (taking immediate upstreams one after another in one task spun here forever).
  @Test(.timeLimit(.minutes(1))) func anEndlessImmediateUpstreamDoesNotStarveAFailingOne() async {
    let endless = (0..<Int.max).publisher.setFailureType(to: TestError.self)
    var received = 0
    do {
      for try await _ in endless.merge(with: Fail<Int, TestError>(error: .boom)) { received += 1 }
      Issue.record("the merge ended without the failure after \(received) values")
    } catch {
      #expect(error == .boom)
    }
  }

  @Test func manyProducersLoseAndDuplicateNothing() async {
    let runs = (0..<32).map { $0 * 3_000..<($0 + 1) * 3_000 }
    let values = await collect(runs.map { $0.publisher }.merged())
    expectInterleaving(values, of: runs)
    #expect(Set(values).count == values.count)
  }

  @Test func asynchronousProducersInterleave() async {
    let upstreams = (0..<8).map { producer in
      Scripted<Int, Never> { index in
        guard index < 200 else { return nil }
        if index % 7 == 0 { await Task.yield() }
        return producer * 1_000 + index
      }
    }
    let values = await collect(Publishers.MergeMany(upstreams))
    expectInterleaving(values, of: (0..<8).map { $0 * 1_000..<$0 * 1_000 + 200 })
  }

  @Test func cancellingTheConsumerCancelsEveryProducer() async {
    let (cancelled, signalCancelled) = AsyncStream<Void>.makeStream()
    let (received, signalReceived) = AsyncStream<Int>.makeStream()
    let endless = Scripted<Int, Never> { index in
      guard index == 0 else {
        await suspendUntilCancelled()
        signalCancelled.yield()
        return nil
      }
      return 42
    }
    let consumer = Task {
      var iterator = endless.merge(with: blockedUntilCancelled(signalling: signalCancelled)).makeAsyncIterator()
      while let value = await iterator.next() { signalReceived.yield(value) }
      return true
    }
    var receivedValues = received.makeAsyncIterator()
    #expect(await receivedValues.next() == 42)
    consumer.cancel()
    #expect(await consumer.value)
    var signals = cancelled.makeAsyncIterator()
    #expect(await signals.next() != nil)
    #expect(await signals.next() != nil)
  }

  @Test func droppingTheIteratorCancelsEveryProducer() async {
    let (cancelled, signalCancelled) = AsyncStream<Void>.makeStream()
    let first = Scripted<Int, Never> { index in
      guard index == 0 else {
        await suspendUntilCancelled()
        signalCancelled.yield()
        return nil
      }
      return 1
    }
    do {
      var iterator = Publishers.MergeMany(first, blockedUntilCancelled(signalling: signalCancelled))
        .makeAsyncIterator()
      #expect(await iterator.next() == 1)
    }
    var signals = cancelled.makeAsyncIterator()
    #expect(await signals.next() != nil)
    #expect(await signals.next() != nil)
  }

  @Test func anEndlessSynchronousUpstreamStopsWhenTheConsumerLeaves() async {
    var total = 0
    for await value in (0...).publisher.merge(with: (0...).publisher) {
      total += 1
      if total == 10_000 || value < 0 { break }
    }
    #expect(total == 10_000)
  }

  @Test func iteratesOnAnActorWithoutLosingValues() async {
    let values = await MainActor.run {
      Task { @MainActor in
        var values: [Int] = []
        for await value in (0..<500).publisher.merge(with: (500..<1000).publisher) { values.append(value) }
        return values
      }
    }.value
    expectInterleaving(values, of: [0..<500, 500..<1000])
  }
}
