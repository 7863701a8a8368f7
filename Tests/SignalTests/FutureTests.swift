import Synchronization
import Testing

@testable import Signal

@Suite struct FutureTests {
  /// A one-shot gate the work waits on, so a test decides when the work ends.
  struct Gate: Sendable {
    let stream: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func wait() async {
      for await _ in stream { return }
    }

    func open() {
      continuation.yield()
      continuation.finish()
    }
  }

  @Test func nothingRunsBeforeTheFirstSubscription() async {
    let runs = Counter()
    let future = Future { () async -> Int in runs.increment() }
    var iterator = future.makeAsyncIterator()
    for _ in 0..<1_000 { await Task.yield() }
    #expect(runs.value == 0)
    #expect(await iterator.next() == 1)
    #expect(runs.value == 1)
  }

  @Test func concurrentSubscribersShareOneRun() async {
    let scope = CensusScope()
    await Census.$scope.withValue(scope) {
      let runs = Counter()
      let gate = Gate()
      let future = Future { () async -> String in
        runs.increment()
        await gate.wait()
        return "done"
      }
      let subscribers = 8
      await withTaskGroup(of: [String].self) { group in
        for _ in 0..<subscribers {
          group.addTask { await future.allValues() }
        }
        let allParked = await eventually { scope.parkedContinuations.load(ordering: .acquiring) == subscribers }
        #expect(allParked)
        gate.open()
        for await values in group {
          #expect(values == ["done"])
        }
      }
      #expect(runs.value == 1)
      #expect(await future.allValues() == ["done"])
      #expect(runs.value == 1)
    }
    #expect(await eventually { scope.isQuiet })
  }

  @Test func lateSubscriberGetsTheReplayWithoutARerun() async {
    let runs = Counter()
    let future = Future { () async -> Int in runs.increment() * 10 }
    #expect(await future.firstValue() == 10)
    let copy = future
    #expect(await record(copy) == Recording(values: [10], completion: .finished))
    #expect(await record(future) == Recording(values: [10], completion: .finished))
    #expect(runs.value == 1)
  }

  @Test func failureIsReplayedToEverySubscriber() async {
    let runs = Counter()
    let future = Future { () async throws(TestError) -> Int in
      runs.increment()
      throw .boom
    }
    #expect(await record(future) == Recording(values: [], completion: .failure(.boom)))
    #expect(await record(future) == Recording(values: [], completion: .failure(.boom)))
    #expect(runs.value == 1)
  }

  @Test func cancelledWaiterStopsWaitingWithoutCancellingTheWork() async {
    let scope = CensusScope()
    await Census.$scope.withValue(scope) {
      let gate = Gate()
      let workWasCancelled = Atomic<Bool>(false)
      let future = Future { () async -> Int in
        await gate.wait()
        workWasCancelled.store(Task.isCancelled, ordering: .relaxed)
        return 7
      }
      let waiter = Task { await record(future) }
      #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 1 })
      waiter.cancel()
      #expect(await waiter.value == Recording(values: [], completion: .finished))

      gate.open()
      #expect(await future.firstValue() == 7)
      #expect(workWasCancelled.load(ordering: .relaxed) == false)
    }
    #expect(await eventually { scope.isQuiet })
  }

  @Test func waitersCancelledWhileTheWorkFinishesLeaveNothingBehind() async {
    let scope = CensusScope()
    await Census.$scope.withValue(scope) {
      let gate = Gate()
      let future = Future { () async -> Int in
        await gate.wait()
        return 1
      }
      let waiters = (0..<32).map { _ in Task { await future.firstValue() } }
      for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) {
        waiter.cancel()
      }
      gate.open()
      for (index, waiter) in waiters.enumerated() {
        let value = await waiter.value
        // A cancelled waiter may have received the value before it saw the cancellation.
        #expect(value == 1 || (value == nil && index.isMultiple(of: 2)))
      }
    }
    #expect(await eventually { scope.isQuiet })
  }

  @Test func alreadyCancelledSubscriberDoesNotStartTheWork() async {
    let runs = Counter()
    let future = Future { () async -> Int in runs.increment() }
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await future.firstValue()
    }
    #expect(await cancelled.value == nil)
    for _ in 0..<1_000 { await Task.yield() }
    #expect(runs.value == 0)
    #expect(await future.firstValue() == 1)
  }

  @Test @MainActor func subscribesOnTheMainActor() async {
    let future = Future { () async -> [Int] in [1, 2] }
    var received: [[Int]] = []
    for await value in future {
      MainActor.assertIsolated()
      received.append(value)
    }
    #expect(received == [[1, 2]])
  }
}
