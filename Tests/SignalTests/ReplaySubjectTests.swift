import Signal
import Testing

private enum Boom: Error, Equatable { case boom }

private func drain<Failure: Error>(_ iterator: inout SubjectValues<Int, Failure>.Iterator) async throws(Failure)
  -> [Int]
{
  var received: [Int] = []
  while let value = try await iterator.next() { received.append(value) }
  return received
}

@Suite struct ReplaySubjectTests {
  @Test func newSubscriberGetsTheLastBufferSizeValuesThenNewOnes() async {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...5 { await subject.send(value) }
    var iterator = subject.makeAsyncIterator()
    await subject.send(6)
    await subject.send(completion: .finished)
    #expect(await drain(&iterator) == [4, 5, 6])
  }

  @Test func fewerValuesThanTheBufferSizeAreAllReplayed() async {
    let subject = ReplaySubject<Int, Never>(bufferSize: 10)
    await subject.send(1)
    await subject.send(2)
    await subject.send(completion: .finished)
    var iterator = subject.makeAsyncIterator()
    #expect(await drain(&iterator) == [1, 2])
  }

  @Test func subscriberJoiningAfterFailureGetsTheReplayThenTheFailure() async throws {
    let subject = ReplaySubject<Int, Boom>(bufferSize: 2)
    for value in 1...3 { await subject.send(value) }
    await subject.send(completion: .failure(.boom))
    for _ in 0..<2 {
      var late = subject.makeAsyncIterator()
      #expect(try await late.next() == 2)
      #expect(try await late.next() == 3)
      await #expect(throws: Boom.boom) { try await late.next() }
    }
  }

  @Test func zeroAndNegativeBufferSizesReplayNothing() async {
    for size in [0, -3] {
      let subject = ReplaySubject<Int, Never>(bufferSize: size)
      #expect(subject.bufferSize == 0)
      await subject.send(1)
      var iterator = subject.makeAsyncIterator()
      await subject.send(2)
      await subject.send(completion: .finished)
      #expect(await drain(&iterator) == [2])
    }
  }

  @Test func dropPoliciesApplyToReplayedValues() async {
    let subject = ReplaySubject<Int, Never>(bufferSize: 5)
    for value in 1...5 { await subject.send(value) }
    var newest = subject.values(buffering: .dropOldest(2)).makeAsyncIterator()
    var oldest = subject.values(buffering: .dropNewest(2)).makeAsyncIterator()
    await subject.send(completion: .finished)
    #expect(await drain(&newest) == [4, 5])
    #expect(await drain(&oldest) == [1, 2])
  }

  @Test func suspendSubscriberGetsTheWholeReplayAndBlocksSendersUntilItDrains() async {
    let subject = ReplaySubject<Int, Never>(bufferSize: 4)
    for value in 1...4 { await subject.send(value) }
    var iterator = subject.values(buffering: .suspend(2)).makeAsyncIterator()
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 3)
    #expect(subject.trySend(5) == .delivered)
    await subject.send(completion: .finished)
    #expect(await drain(&iterator) == [4, 5])
  }
}
