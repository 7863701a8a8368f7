import Signal
import Synchronization
import Testing

/// `DeferredFuture`: one async call per subscription, run in the subscriber's task, so that
/// `flatMapLatest` cancels a superseded call (a `Future` runs its work to the end, as in Combine).
@Suite struct DeferredFutureTests {
  @Test func isTheSamePublisherAsPerformableClosuresPublisher() async throws {
    let future = DeferredFuture { () async throws(TestError) in 42 }
    let _: Publishers.Perform<PerformableClosure<Int, TestError>> = future
    #expect(try await future.allValues() == [42])
    let failing = DeferredFuture { () async throws(TestError) -> Int in throw .boom }
    #expect(await record(failing).completion == .failure(.boom))
  }

  @Test func performsOncePerSubscription() async {
    let calls = Atomic<Int>(0)
    let future = DeferredFuture { calls.add(1, ordering: .relaxed).newValue }
    #expect(await future.allValues() == [1])
    #expect(await future.allValues() == [2])
  }

  @Test func flatMapLatestCancelsTheSupersededCall() async {
    let queries = PassthroughSubject<String, Never>()
    let started = AsyncStream<String>.makeStream()
    let cancelled = AsyncStream<String>.makeStream()
    let results = queries.flatMapLatest { query in
      DeferredFuture { () async -> String in
        started.continuation.yield(query)
        if query == "tr" {
          // A slow search that only cancellation ends.
          let never = AsyncStream<Void>.makeStream()
          await withTaskCancellationHandler {
            for await _ in never.stream {}
          } onCancel: {
            never.continuation.finish()
          }
          cancelled.continuation.yield(query)
          return "stale"
        }
        return "results for \(query)"
      }
    }
    let output = AsyncStream<String>.makeStream()
    let subscription = results.sink { _ in
      output.continuation.finish()
    } receiveValue: {
      output.continuation.yield($0)
    }
    var starts = started.stream.makeAsyncIterator()
    await queries.send("tr")
    #expect(await starts.next() == "tr")
    await queries.send("tree")
    var cancellations = cancelled.stream.makeAsyncIterator()
    #expect(await cancellations.next() == "tr")
    #expect(await starts.next() == "tree")
    await queries.send(completion: .finished)
    var values: [String] = []
    for await value in output.stream { values.append(value) }
    #expect(values == ["results for tree"])
    subscription.cancel()
  }
}
