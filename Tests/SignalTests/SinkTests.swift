import Testing

@testable import Signal

private enum Boom: Error, Equatable { case boom }

/// An upstream that never produces a value and reports, through `cancelled`, when its
/// consumer's task is cancelled.
private struct CancellationProbe: Publisher {
  typealias Output = Int
  typealias Failure = Never

  let cancelled: AsyncStream<Void>.Continuation

  func makeAsyncIterator() -> Iterator { Iterator(cancelled: cancelled) }

  struct Iterator: AsyncIteratorProtocol {
    let cancelled: AsyncStream<Void>.Continuation

    mutating func next() async -> Int? { await next(isolation: nil) }

    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      let (never, _) = AsyncStream.makeStream(of: Int.self)
      var iterator = never.makeAsyncIterator()
      // Parks until the task is cancelled (the stream itself never yields).
      _ = await iterator.next(isolation: actor)
      cancelled.yield()
      return nil
    }
  }
}

/// An upstream that counts from 1 to 10 without ever suspending or looking at cancellation:
/// only the sink's own check can stop it.
private struct CountToTen: Publisher {
  typealias Output = Int
  typealias Failure = Never

  func makeAsyncIterator() -> Iterator { Iterator() }

  struct Iterator: AsyncIteratorProtocol {
    var last = 0

    mutating func next() async -> Int? { await next(isolation: nil) }

    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard last < 10 else { return nil }
      last += 1
      return last
    }
  }
}

@Suite struct SinkTests {
  @Test func receivesEveryValueThenTheCompletion() async {
    let (events, recorder) = AsyncStream.makeStream(of: String.self)
    let cancellable = [1, 2, 3].publisher.sink { completion in
      recorder.yield("\(completion)")
      recorder.finish()
    } receiveValue: { value in
      recorder.yield("\(value)")
    }
    var received: [String] = []
    for await event in events { received.append(event) }
    #expect(received == ["1", "2", "3", "finished"])
    cancellable.cancel()
  }

  @Test func receivesTheFailure() async {
    let subject = PassthroughSubject<Int, Boom>()
    let (completions, recorder) = AsyncStream.makeStream(of: Completion<Boom>.self)
    let cancellable = subject.sink {
      recorder.yield($0)
    } receiveValue: { _ in
    }
    await subject.send(completion: .failure(.boom))
    var iterator = completions.makeAsyncIterator()
    #expect(await iterator.next() == .failure(.boom))
    cancellable.cancel()
  }

  @Test func aSubjectDeliversWhatIsSentRightAfterSinkReturns() async {
    // The subscription must exist when `sink` returns, before its task has had a chance to
    // run; a late subscription would miss both values but still see the completion.
    let subject = PassthroughSubject<Int, Never>()
    let (values, recorder) = AsyncStream.makeStream(of: Int.self)
    let cancellable = subject.sink { _ in
      recorder.finish()
    } receiveValue: {
      recorder.yield($0)
    }
    _ = subject.trySend(1)
    await subject.send(2)
    await subject.send(completion: .finished)
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1, 2])
    cancellable.cancel()
  }

  @MainActor
  @Test func closuresRunOnTheCallersActorWithoutBeingSendable() async {
    let subject = ReplaySubject<Int, Never>(bufferSize: 3)
    for value in 1...3 { await subject.send(value) }
    await subject.send(completion: .finished)
    // A main-actor local mutated from non-Sendable closures: this compiles only because the
    // closures are main-actor isolated. `MainActor.preconditionIsolated()` checks at run time
    // that they really run there (it traps otherwise; on Linux the main actor need not run on
    // the main thread, so `Thread.isMainThread` cannot tell).
    var received: [Int] = []
    var completions = 0
    let (done, signal) = AsyncStream.makeStream(of: Void.self)
    let cancellable = subject.sink { _ in
      MainActor.preconditionIsolated()
      completions += 1
      signal.finish()
    } receiveValue: { value in
      MainActor.preconditionIsolated()
      received.append(value)
    }
    for await _ in done {}
    #expect(received == [1, 2, 3])
    #expect(completions == 1)
    cancellable.cancel()
  }

  @MainActor @Test func cancellingInsideReceiveValueStopsAnUpstreamThatNeverChecks() async {
    // The sink's task runs on the main actor and never suspends between values, so when this
    // test resumes the loop has either returned (cancellation seen) or delivered all ten.
    var received: [Int] = []
    var completions = 0
    var cancellable: AnyCancellable?
    let (done, finish) = AsyncStream.makeStream(of: Void.self)
    cancellable = CountToTen().sink { _ in
      completions += 1
    } receiveValue: { value in
      received.append(value)
      if value == 3 {
        cancellable?.cancel()
        finish.finish()
      }
    }
    for await _ in done {}
    #expect(received == [1, 2, 3])
    #expect(completions == 0)
  }

  @Test func cancellingStopsTheUpstreamAndSkipsTheCompletion() async {
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    let (completions, recorder) = AsyncStream.makeStream(of: Void.self)
    let cancellable = CancellationProbe(cancelled: cancelled).sink { _ in
      recorder.yield()
    } receiveValue: { _ in
    }
    cancellable.cancel()
    var iterator = cancellations.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    recorder.finish()
    var completionIterator = completions.makeAsyncIterator()
    #expect(await completionIterator.next() == nil)
  }

  @Test func releasingTheCancellableCancelsTheSubscription() async {
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    var cancellable: AnyCancellable? = CancellationProbe(cancelled: cancelled).sink { _ in }
    #expect(cancellable != nil)
    cancellable = nil
    var iterator = cancellations.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func cancellingASinkOnASubjectWakesAndRemovesItsParkedSubscriber() async {
    let scope = CensusScope()
    let subject = Census.$scope.withValue(scope) { ReplaySubject<Int, Never>(bufferSize: 1) }
    await subject.send(0)
    let (values, recorder) = AsyncStream.makeStream(of: Int.self)
    let cancellable = subject.sink { recorder.yield($0) }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 1 })
    cancellable.cancel()
    #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 0 })
  }

  @MainActor @Test func cancellingInsideReceiveValueStopsTheValuesASubjectSubscriberHolds() async {
    // Twenty values wait before the sink's task first runs (it runs on the main actor, after this
    // test suspends), so its subscriber takes them in one run and the sink hands out the held
    // ones without an `await` each: the cancellation must still be seen before the next value.
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellable: AnyCancellable?
    let (done, finish) = AsyncStream.makeStream(of: Void.self)
    cancellable = subject.sink { value in
      received.append(value)
      if value == 3 {
        cancellable?.cancel()
        finish.finish()
      }
    }
    for value in 1...20 { #expect(subject.trySend(value) == .delivered) }
    for await _ in done {}
    #expect(received == [1, 2, 3])
    // The subscription is gone, with the values it held: nothing holds the sender back any more.
    for value in 21...(21 + BufferingPolicy.defaultCapacity * 2) { #expect(subject.trySend(value) == .delivered) }
    #expect(received == [1, 2, 3])
  }

  @MainActor @Test func aSubjectsCurrentAndReplayedValuesArriveBeforeSinkReturnsAsInCombine() {
    // Combine delivers a CurrentValueSubject's value (and RxSwift a ReplaySubject's) while subscribing;
    // on the sink's own actor Signal does too: its task starts at once and runs until it has to wait.
    var received: [Int] = []
    let current = CurrentValueSubject<Int, Never>(5)
    let first = current.sink { received.append($0) }
    #expect(received == [5])
    let replay = ReplaySubject<Int, Never>(bufferSize: 3)
    for value in 1...4 { replay.trySend(value) }
    let second = replay.sink { received.append($0) }
    #expect(received == [5, 2, 3, 4])
    // A plain subject has nothing yet: the task waits, and nothing runs before sink returns.
    let plain = PassthroughSubject<Int, Never>()
    let third = plain.sink { received.append($0) }
    #expect(received == [5, 2, 3, 4])
    withExtendedLifetime((first, second, third)) {}
  }
}
