import OperatorContract
import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConcatenateTests {
  @Test func emitsThePrefixThenTheSuffix() async {
    let concatenation = Publishers.Concatenate(prefix: [1, 2].publisher, suffix: [3, 4].publisher)
    #expect(await record(concatenation) == Recording(values: [1, 2, 3, 4], completion: .finished))
  }

  @Test func subscribesThePrefixWhenTheIteratorIsMadeAndTheSuffixOnlyWhenThePrefixFinishes() async {
    let prefix = TestSource<Int, TestError>()
    let suffix = FlakyPublisher(values: [9], failingSubscriptions: 0)
    let recorder = Recorder(Publishers.Concatenate(prefix: prefix, suffix: suffix))
    await prefix.send(1)
    #expect(await recorder.next() == .value(1))
    #expect(suffix.subscriptions.value == 0)
    await prefix.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(9), .finished])
    #expect(suffix.subscriptions.value == 1)
  }

  @Test func releasesThePrefixBeforeSubscribingTheSuffix() async throws {
    let meter = SubscriptionProbe()
    let prefix = ProbedUpstream(probe: meter)
    let suffix = ProbedUpstream(probe: meter)
    let consumer = Task {
      var values: [Int] = []
      for try await value in Publishers.Concatenate(prefix: prefix, suffix: suffix) { values.append(value) }
      return values
    }
    await meter.wait { $0.subscriptions == 1 }
    await prefix.subject.send(1)
    await prefix.subject.send(completion: .finished)
    await meter.wait { $0.subscriptions == 2 }
    await suffix.subject.send(2)
    await suffix.subject.send(completion: .finished)
    #expect(try await consumer.value == [1, 2])
    #expect(meter.peakLiveSubscriptions == 1)
    await meter.waitUntilAllReleased()
  }

  @Test func cancellingTheConsumerDuringThePrefixNeverStartsTheSuffix() async throws {
    let prefix = ProbedUpstream()
    let suffix = ProbedUpstream()
    let consumer = Task {
      var values: [Int] = []
      for try await value in Publishers.Concatenate(prefix: prefix, suffix: suffix) { values.append(value) }
      return values
    }
    await prefix.probe.wait { $0.subscriptions == 1 }
    consumer.cancel()
    #expect(try await consumer.value == [])
    #expect(suffix.probe.subscriptions == 0)
    await prefix.probe.waitUntilAllReleased()
  }

  @Test func aFailingPrefixFailsTheStreamAndTheSuffixIsNeverSubscribed() async {
    let suffix = FlakyPublisher(values: [9], failingSubscriptions: 0)
    let concatenation = Publishers.Concatenate(prefix: failing(after: [1], with: .other), suffix: suffix)
    #expect(await record(concatenation) == Recording(values: [1], completion: .failure(.other)))
    #expect(suffix.subscriptions.value == 0)
  }

  @Test func aFailingSuffixFailsTheStreamAfterThePrefix() async {
    let concatenation = Publishers.Concatenate(
      prefix: Just(1).setFailureType(to: TestError.self), suffix: failing(after: [2]))
    #expect(await record(concatenation) == Recording(values: [1, 2], completion: .failure(.boom)))
  }

  @Test func theStreamStaysEndedAfterAFailure() async throws {
    var iterator = Publishers.Concatenate(
      prefix: failing(after: []), suffix: Just(1).setFailureType(to: TestError.self)
    )
    .makeAsyncIterator()
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func emptySidesContributeNothing() async {
    let empty = Empty<Int, Never>()
    #expect(await Publishers.Concatenate(prefix: empty, suffix: empty).allValues() == [])
    #expect(await Publishers.Concatenate(prefix: empty, suffix: Just(1)).allValues() == [1])
    #expect(await Publishers.Concatenate(prefix: Just(1), suffix: empty).allValues() == [1])
  }

  @Test func everyIterationStartsOver() async {
    let suffix = FlakyPublisher(values: [2], failingSubscriptions: 0)
    let concatenation = Publishers.Concatenate(prefix: Just(1).setFailureType(to: TestError.self), suffix: suffix)
    #expect(await record(concatenation).values == [1, 2])
    #expect(await record(concatenation).values == [1, 2])
    #expect(suffix.subscriptions.value == 2)
  }
}
