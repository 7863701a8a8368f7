import Testing

@testable import Signal

@MainActor private final class Screen {
  var rows: [Int] = []
  var ended: Completion<TestError>?

  /// The documented pattern: bound from a nonisolated method, delivered on the main actor.
  nonisolated func bind(to numbers: some Publisher<Int, TestError>, whenDone: @escaping @Sendable () -> Void)
    -> AnyCancellable
  {
    numbers.sink(on: MainActor.shared) { completion in
      MainActor.preconditionIsolated()
      self.ended = completion
      whenDone()
    } receiveValue: { value in
      MainActor.preconditionIsolated()
      self.rows.append(value)
    }
  }
}

private actor Tally {
  var values: [Int] = []
  var completion: Completion<TestError>?

  func add(_ value: Int) { values.append(value) }
}

@Suite struct ReceiveOnTests {
  @Test func mainActorClosuresRunOnTheMainActorFromANonisolatedCaller() async {
    let screen = Screen()
    let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
    let subscription = screen.bind(to: failing(after: [1, 2, 3])) { doneSignal.yield() }
    var signals = done.makeAsyncIterator()
    await signals.next()
    #expect(await screen.rows == [1, 2, 3])
    #expect(await screen.ended == .failure(.boom))
    subscription.cancel()
  }

  @Test func neverFailingPublishersNeedOnlyTheValueClosure() async {
    let screen = Screen()
    let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
    let subscription = (1...3).publisher.share().sink(on: MainActor.shared) { value in
      MainActor.preconditionIsolated()
      screen.rows.append(value)
      if value == 3 { doneSignal.yield() }
    }
    var signals = done.makeAsyncIterator()
    await signals.next()
    #expect(await screen.rows == [1, 2, 3])
    subscription.cancel()
  }

  @Test func actorClosuresRunIsolatedToThatActor() async {
    let tally = Tally()
    let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
    let subscription = failing(after: [4, 5]).sink(on: tally) { tally, completion in
      tally.preconditionIsolated()
      tally.completion = completion
      doneSignal.yield()
    } receiveValue: { tally, value in
      tally.preconditionIsolated()
      tally.add(value)
    }
    var signals = done.makeAsyncIterator()
    await signals.next()
    #expect(await tally.values == [4, 5])
    #expect(await tally.completion == .failure(.boom))
    subscription.cancel()
  }

  @Test func theSubscriptionExistsWhenSinkReturns() async {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let screen = Screen()
    let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
    let onActor = subject.sink(on: tally) { tally, value in
      tally.add(value)
      doneSignal.yield()
    }
    let onMain = subject.sink(on: MainActor.shared) { value in
      screen.rows.append(value)
      doneSignal.yield()
    }
    await subject.send(9)
    var signals = done.makeAsyncIterator()
    await signals.next()
    await signals.next()
    #expect(await tally.values == [9])
    #expect(await screen.rows == [9])
    onActor.cancel()
    onMain.cancel()
  }

  @Test func cancellingStopsTheUpstreamAndSkipsTheCompletion() async {
    let upstream = OpenUpstream()
    let tally = Tally()
    let (received, receivedSignal) = AsyncStream.makeStream(of: Void.self)
    let subscription = upstream.publisher.sink(on: tally) { tally, value in
      tally.add(value)
      receivedSignal.yield()
    }
    upstream.input.yield(1)
    var signals = received.makeAsyncIterator()
    await signals.next()
    subscription.cancel()
    await upstream.waitForCancellation()
    #expect(await tally.values == [1])
    #expect(await tally.completion == nil)
  }
}
