import Foundation
import Synchronization
import Testing

@testable import HollowKit

@Suite(.timeLimit(.minutes(1))) struct PendingExchangeTests {
  static let later = ContinuousClock.now + .seconds(3600)

  @Test func theFirstOutcomeWinsAndOnlyAFailureAbandons() async {
    let abandoned = Atomic<Int>(0)
    let pending = PendingExchange(abandon: { abandoned.add(1, ordering: .relaxed) })
    let outcome = await pending.wait(until: Self.later, total: .seconds(1)) {
      pending.finish(.success(HTTPClientResponse(status: 204)))
      pending.finish(.failure(.connectionLost))
    }
    #expect(outcome == .success(HTTPClientResponse(status: 204)))
    let abandonCount = abandoned.load(ordering: .relaxed)
    #expect(abandonCount == 0)
    #expect(pending.isFinished)
  }

  @Test func theDeadlineEndsAWaitNobodyAnswersAndAbandonsTheWork() async {
    let (abandons, signal) = AsyncStream.makeStream(of: Void.self)
    let pending = PendingExchange(abandon: { signal.yield() })
    let outcome = await pending.wait(until: .now + .milliseconds(50), total: .milliseconds(50)) {}
    #expect(outcome == .failure(.deadlineExceeded(total: .milliseconds(50))))
    // The waiter is resumed first; the abandonment follows on the timer's thread.
    var iterator = abandons.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func cancellingBeforeTheWaitNeverStartsTheWork() async {
    let started = Atomic<Bool>(false)
    let pending = PendingExchange(abandon: {})
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await pending.wait(until: Self.later, total: .seconds(1)) { started.store(true, ordering: .relaxed) }
    }
    #expect(await task.value == .failure(.cancelled))
    let didStart = started.load(ordering: .relaxed)
    #expect(!didStart)
  }
}
