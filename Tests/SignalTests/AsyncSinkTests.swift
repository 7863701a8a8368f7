import Signal
import SignalTesting
import Synchronization
import Testing

/// `sink` with closures that `await`: one value at a time, in order, on the caller's actor, and
/// cancelled with its token.
@Suite struct AsyncSinkTests {
  @Test @MainActor func awaitsEachValuesClosureBeforeTakingTheNext() async {
    var seen: [Int] = []
    var inFlight = 0
    var mostInFlight = 0
    let done = AsyncStream<Void>.makeStream()
    let subscription = [1, 2, 3].publisher.sink { completion in
      #expect(completion == .finished)
      done.continuation.finish()
    } receiveValue: { value in
      // Main actor: the closure may touch the test's state without locks.
      inFlight += 1
      mostInFlight = max(mostInFlight, inFlight)
      await Task.yield()
      seen.append(value)
      inFlight -= 1
    }
    for await _ in done.stream {}
    #expect(seen == [1, 2, 3])
    #expect(mostInFlight == 1)
    subscription.cancel()
  }

  @Test func aFailureReachesTheAsyncCompletionClosure() async {
    let done = AsyncStream<Completion<TestError>>.makeStream()
    let subscription = failing(after: [1]).sink { completion in
      await Task.yield()
      done.continuation.yield(completion)
    } receiveValue: { _ in
      await Task.yield()
    }
    var completions = done.stream.makeAsyncIterator()
    #expect(await completions.next() == .failure(.boom))
    subscription.cancel()
  }

  @Test func aSlowClosureHoldsTheSubjectBack() async {
    // While a closure awaits, no value is taken: the subscriber's bounded buffer fills and the
    // subject reports it full, instead of values piling up behind the closure.
    let subject = PassthroughSubject<Int, Never>()
    let started = AsyncStream<Void>.makeStream()
    let gate = AsyncStream<Void>.makeStream()
    let subscription = subject.sink { (_: Int) in
      started.continuation.yield()
      for await _ in gate.stream {}
    }
    #expect(subject.trySend(0) == .delivered)
    var starts = started.stream.makeAsyncIterator()
    await starts.next()
    let capacity = BufferingPolicy.default.capacity
    for n in 1...capacity {
      #expect(subject.trySend(n) == .delivered)
    }
    #expect(subject.trySend(capacity + 1) == .full)
    subscription.cancel()
    gate.continuation.finish()
  }

  @Test func cancellingTheTokenCancelsTheRunningClosureAndCallsNoMore() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = AsyncStream<Void>.makeStream()
    let finished = AsyncStream<Bool>.makeStream()
    let calls = Atomic<Int>(0)
    let subscription = subject.sink { (_: Int) in
      calls.add(1, ordering: .sequentiallyConsistent)
      started.continuation.yield()
      // Waits until cancelled: a closure that awaits sees its task cancelled.
      let never = AsyncStream<Void>.makeStream()
      await withTaskCancellationHandler {
        for await _ in never.stream {}
      } onCancel: {
        never.continuation.finish()
      }
      finished.continuation.yield(Task.isCancelled)
    }
    await subject.send(1)
    var starts = started.stream.makeAsyncIterator()
    await starts.next()
    subscription.cancel()
    var ends = finished.stream.makeAsyncIterator()
    #expect(await ends.next() == true)
    subject.trySend(2)
    await subject.send(completion: .finished)
    #expect(calls.load(ordering: .sequentiallyConsistent) == 1)
  }

  @Test func aSynchronousClosureStillPicksTheSynchronousSink() async {
    // Overload resolution: a closure without `await` keeps the synchronous sink (no conversion).
    let done = AsyncStream<Int>.makeStream()
    let subscription = Just(7).sink { done.continuation.yield($0) }
    var values = done.stream.makeAsyncIterator()
    #expect(await values.next() == 7)
    subscription.cancel()
  }
}
