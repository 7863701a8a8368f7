import OperatorContract
import Signal
import SignalTesting
import Synchronization
import Testing

/// Combine delivers an immediate publisher (`Just`, a collection's publisher, `Empty`, `Fail`, and
/// `map`/`filter`/`setFailureType` over them) while it is being subscribed: whatever sits beside or
/// inside it is subscribed, and has its value, before `sink` returns. Each case sends 1 and 2 right
/// after `sink` returns and expects what Combine delivers.
@Suite(.timeLimit(.minutes(1))) struct ImmediateSourceTests {
  /// Sinks `publisher`, sends 1 and 2 to `subject` at once, then finishes it; returns every value.
  private func delivered<P: Publisher>(
    _ subject: PassthroughSubject<Int, Never>, _ publisher: P
  ) async -> [P.Output] where P.Failure == Never, P.Output: Sendable {
    let values = Mutex<[P.Output]>([])
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    let cancellable = publisher.sink(receiveCompletion: { _ in end.yield() }) { value in
      values.withLock { $0.append(value) }
    }
    #expect(subject.trySend(1) == .delivered)
    #expect(subject.trySend(2) == .delivered)
    await subject.send(completion: .finished)
    var iterator = ended.makeAsyncIterator()
    _ = await iterator.next()
    withExtendedLifetime(cancellable) {}
    return values.withLock { $0 }
  }

  @Test func combineLatestWithAnImmediateSideHasItsValueAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, subject.combineLatest(Just(0)).map(\.0)) == [1, 2])
  }

  @Test func combineLatestWithAnImmediateSideFirstHasItsValueAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, Just(0).combineLatest(subject).map(\.1)) == [1, 2])
  }

  @Test func combineLatestTakesTheLastValueOfAnImmediateCollection() async {
    let subject = PassthroughSubject<Int, Never>()
    let sums = subject.combineLatest([10, 20, 30].publisher.map { $0 }).map { $0 + $1 }
    #expect(await delivered(subject, sums) == [31, 32])
  }

  @Test func flatMapSubscribesTheInnerOfAnImmediateOuterAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, Just(0).flatMap { _ in subject }) == [1, 2])
  }

  @Test func switchToLatestSubscribesTheInnerOfAnImmediateOuterAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, Just(subject).switchToLatest()) == [1, 2])
  }

  @Test func switchToLatestDeliversEveryImmediateInnerOfAnImmediateOuter() async {
    // Combine subscribes each in turn while subscribing, and each delivers at once.
    let recorder = Recorder([Just(1), Just(2)].publisher.switchToLatest())
    #expect(await recorder.remaining() == [.value(1), .value(2), .finished])
  }

  @Test func zipWithAnImmediateSidePairsAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    // The collection is there at once; each value waits for its partner.
    #expect(await delivered(subject, subject.zip([10, 20].publisher).map { $0 + $1 }) == [11, 22])
  }

  @Test func mergeWithAnImmediateSideDeliversItFirst() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, subject.merge(with: Just(0))) == [0, 1, 2])
  }

  @Test func withLatestFromAnImmediateOtherPairsAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, subject.withLatestFrom(Just(0)).map { $0 + $1 }) == [1, 2])
  }

  @Test func dropUntilOutputFromAnImmediateTriggerIsOpenAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    #expect(await delivered(subject, subject.drop(untilOutputFrom: Just(0))) == [1, 2])
  }

  @Test func prefixUntilOutputFromAnImmediateTriggerFinishesAtOnceAndReleasesTheUpstream() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(PassthroughSubject<Int, Never>().probed(by: probe).prefix(untilOutputFrom: Just(0)))
    // Released while subscribing, as Combine cancels it when the trigger's value arrives then.
    #expect(probe.subscriptions == 1 && probe.liveSubscriptions == 0)
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func sinkDeliversAnImmediateChainBeforeItReturns() {
    var values: [Int] = []
    var completion: Completion<Never>?
    let cancellable = [1, 2, 3].publisher.map { $0 * 10 }.filter { $0 > 10 }.sink {
      completion = $0
    } receiveValue: {
      values.append($0)
    }
    #expect(values == [20, 30])
    #expect(completion == .finished)
    withExtendedLifetime(cancellable) {}
  }

  @Test func sinkDeliversAnImmediateFailureBeforeItReturns() {
    var completion: Completion<TestError>?
    let cancellable = Fail<Int, TestError>(error: .boom).map { $0 }.sink {
      completion = $0
    } receiveValue: { _ in
    }
    #expect(completion == .failure(.boom))
    withExtendedLifetime(cancellable) {}
  }
}
