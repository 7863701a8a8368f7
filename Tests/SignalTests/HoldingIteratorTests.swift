import Testing

@testable import Signal

/// `sink`'s way through the values a subject's subscriber took in one run (`_HoldingIterator`):
/// each value checked against cancellation, the back-pressure reports made as `next()` makes them.
@Suite struct HoldingIteratorTests {
  @Test func anIteratorThatHoldsNothingHandsNothingOver() async {
    var iterator = [1, 2, 3].publisher.makeAsyncIterator()
    var received: [Int] = []
    #expect(iterator.deliverHeld { received.append($0) })
    #expect(received.isEmpty)
    #expect(await iterator.next() == 1)
  }

  @Test func theValuesTakenWithTheFirstAreHandedOverInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.makeAsyncIterator()
    for value in 1...10 { subject.trySend(value) }
    #expect(await iterator.next() == 1)
    var received: [Int] = []
    #expect(iterator.deliverHeld { received.append($0) })
    #expect(received == Array(2...10))
    // Nothing is held any more: the next value comes from the subject again.
    subject.trySend(11)
    #expect(await iterator.next() == 11)
  }

  @Test func aCancelledTaskGetsNoHeldValueAndEndsTheSubscription() async {
    let subject = PassthroughSubject<Int, Never>()
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let (proceed, go) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      var iterator = subject.values(buffering: .suspend(4)).makeAsyncIterator()
      for value in 1...4 { subject.trySend(value) }
      let first = await iterator.next()
      start.finish()
      for await _ in proceed {}
      var received: [Int] = []
      let delivered = iterator.deliverHeld { received.append($0) }
      return (first, delivered, received)
    }
    for await _ in started {}
    task.cancel()
    go.finish()
    let (first, delivered, received) = await task.value
    #expect(first == 1)
    #expect(!delivered)
    #expect(received.isEmpty)
    // The subscriber is gone with what it held: its full buffer no longer holds senders back.
    for value in 5...20 { #expect(subject.trySend(value) == .delivered) }
  }

  @Test func handingOverReportsTheLowWatermarkToAParkedSender() async {
    let subject = PassthroughSubject<Int, Never>()
    // The first `.suspend` subscriber reads the subject's lane; this one shares the log, and takes a batch.
    let laneReader = subject.values(buffering: .suspend(64)).makeAsyncIterator()
    var iterator = subject.values(buffering: .suspend(4)).makeAsyncIterator()
    for value in 1...4 { #expect(subject.trySend(value) == .delivered) }
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 1)
    // Still full: the values taken with the first count until they are handed over.
    #expect(subject.trySend(5) == .full)
    var received: [Int] = []
    #expect(iterator.deliverHeld { received.append($0) })
    #expect(received == [2, 3])
    #expect(subject.trySend(5) == .delivered)
    withExtendedLifetime(laneReader) {}
  }

  @Test func theLaneReaderLetsAWaitingSenderGoAtTheLowWatermarkWhileItHandsOver() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .suspend(4)).makeAsyncIterator()
    for value in 1...4 { #expect(subject.trySend(value) == .delivered) }
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 1)
    #expect(subject.trySend(5) == .full)
    var sendResults: [SubjectSendResult] = []
    var received: [Int] = []
    // The run goes on to the lane's end it read (4); the sender is let go as soon as value 2 is taken, when 2 of the
    // 4 are left: each send from the closure then finds room again.
    #expect(
      iterator.deliverHeld {
        received.append($0)
        sendResults.append(subject.trySend($0 * 10))
      })
    #expect(received == [2, 3, 4])
    #expect(sendResults == [.delivered, .delivered, .delivered])
    #expect(await iterator.next() == 20)
    #expect(await iterator.next() == 30)
    #expect(await iterator.next() == 40)
  }

  @Test func mapFilterAndCompactMapHandOverWhatTheirSubjectHolds() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.map { $0 * 10 }.filter { $0 % 20 == 0 }.compactMap { $0 == 40 ? nil : $0 }
      .makeAsyncIterator()
    for value in 1...10 { subject.trySend(value) }
    #expect(await iterator.next() == 20)
    var received: [Int] = []
    #expect(iterator.deliverHeld { received.append($0) })
    #expect(received == [60, 80, 100])
    // Over an upstream that holds nothing, the chain is not a holding one.
    #expect(!(type(of: [1].publisher.map { $0 }.makeAsyncIterator()) is any _HoldingIterator.Type))
  }

  @MainActor @Test func aSinkOnAMappedSubjectStopsAtItsCancellationInsideARun() async {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellable: AnyCancellable?
    let (done, finish) = AsyncStream.makeStream(of: Void.self)
    cancellable = subject.map { $0 * 2 }.sink { value in
      received.append(value)
      if value == 6 {
        cancellable?.cancel()
        finish.finish()
      }
    }
    for value in 1...20 { subject.trySend(value) }
    for await _ in done {}
    #expect(received == [2, 4, 6])
    for value in 21...200 { #expect(subject.trySend(value) == .delivered) }
    #expect(received == [2, 4, 6])
  }
}
