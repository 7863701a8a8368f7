import Signal
import Testing

@Suite struct RetryTests {
  @Test func resubscribesUntilASubscriptionSucceeds() async {
    let source = FlakyPublisher(values: [1], failingSubscriptions: 2)
    let recording = await record(source.retry(2))
    // Values from failed attempts stay delivered, as in Combine.
    #expect(recording == Recording(values: [1, 1, 1], completion: .finished))
    #expect(source.subscriptions.value == 3)
  }

  @Test func passesTheFailureOnAfterTheLastRetry() async {
    let source = FlakyPublisher(values: [5], failingSubscriptions: 4)
    let recording = await record(source.retry(2))
    #expect(recording == Recording(values: [5, 5, 5], completion: .failure(.boom)))
    #expect(source.subscriptions.value == 3)
  }

  @Test func zeroAndNegativeRetriesSubscribeOnce() async {
    let source = FlakyPublisher(values: [], failingSubscriptions: 1)
    #expect(await record(source.retry(0)).completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
    let other = FlakyPublisher(values: [], failingSubscriptions: 1)
    #expect(await record(other.retry(-3)).completion == .failure(.boom))
    #expect(other.subscriptions.value == 1)
  }

  @Test func successfulUpstreamIsSubscribedOnce() async {
    let source = FlakyPublisher(values: [1, 2], failingSubscriptions: 0)
    #expect(await record(source.retry(5)) == Recording(values: [1, 2], completion: .finished))
    #expect(source.subscriptions.value == 1)
  }

  @Test func cancelledTaskIsNotResubscribed() async {
    let source = FlakyPublisher(values: [], failingSubscriptions: 10)
    let attempt = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await record(source.retry(5))
    }
    #expect(await attempt.value.completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
  }
}
