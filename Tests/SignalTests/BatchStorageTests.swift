import Testing

@testable import Signal

/// The consumer's moves that ``BatchStorage`` makes the same way for every many-producer operator.
@Suite struct BatchStorageTests {
  /// `flatMap` opts in to `yieldsAfterFewValues`: a consumer whose refill brought a value or two lets other work run
  /// before its next refill, even when that refill would find values at once. On the main actor the order is fixed:
  /// a task enqueued there before the second `next()` runs inside it, which it could not if `next()` never suspended.
  @MainActor @Test func aConsumerThatTookFewValuesLetsOtherWorkRunBeforeItsNextRefill() async {
    #expect(FlatMapStateMachine<Int, Never, HandedSubscription<PassthroughSubject<Int, Never>>>.yieldsAfterFewValues)
    let subject = PassthroughSubject<Int, Never>()
    var iterator = Just(0).flatMap { _ in subject }.makeAsyncIterator()
    #expect(subject.trySend(1) == .delivered)
    #expect(await iterator.next(isolation: #isolation) == 1)
    #expect(subject.trySend(2) == .delivered)
    // The worker moves 2 from the subject into flatMap's queue: then the next refill need not wait for it.
    let storage = iterator.lifetime.storage
    #expect(await eventually { @Sendable in storage.state.withLock { $0.buffer.queue.count } == 1 })
    var ranBetween = false
    Task { @MainActor in ranBetween = true }
    #expect(await iterator.next(isolation: #isolation) == 2)
    #expect(ranBetween)
  }

}
