import Signal
import Testing

private enum Boom: Error, Equatable { case boom }

@Suite struct CurrentValueSubjectTests {
  @Test func valueStartsAtTheInitialValueAndFollowsSends() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    #expect(subject.value == 1)
    await subject.send(2)
    #expect(subject.value == 2)
    #expect(subject.trySend(3) == .delivered)
    #expect(subject.value == 3)
  }

  @Test func newSubscriberGetsTheCurrentValueFirst() async {
    let subject = CurrentValueSubject<String, Never>("a")
    await subject.send("b")
    var iterator = subject.makeAsyncIterator()
    await subject.send("c")
    await subject.send(completion: .finished)
    var received: [String] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == ["b", "c"])
  }

  @Test func subscriberJoiningAfterCompletionGetsOnlyTheCompletionWhileValueStays() async throws {
    let subject = CurrentValueSubject<Int, Boom>(1)
    await subject.send(5)
    await subject.send(completion: .failure(.boom))
    await subject.send(6)
    #expect(subject.value == 5)
    var late = subject.makeAsyncIterator()
    await #expect(throws: Boom.boom) { try await late.next() }
    #expect(try await late.next() == nil)
  }

  @Test func currentSubscriberGetsBufferedValuesThenTheFailure() async throws {
    let subject = CurrentValueSubject<Int, Boom>(0)
    var iterator = subject.makeAsyncIterator()
    await subject.send(1)
    await subject.send(completion: .failure(.boom))
    #expect(try await iterator.next() == 0)
    #expect(try await iterator.next() == 1)
    await #expect(throws: Boom.boom) { try await iterator.next() }
  }

  @Test func valueIsNotUpdatedByASendThatFindsTheSubjectFull() async {
    let subject = CurrentValueSubject<Int, Never>(0)
    var iterator = subject.values(buffering: .suspend(1)).makeAsyncIterator()
    #expect(subject.trySend(1) == .full)
    #expect(subject.value == 0)
    #expect(await iterator.next() == 0)
    #expect(subject.trySend(1) == .delivered)
    #expect(subject.value == 1)
  }

  @Test func dropNewestSubscriberStillGetsTheCurrentValue() async {
    let subject = CurrentValueSubject<Int, Never>(10)
    var iterator = subject.values(buffering: .dropNewest(1)).makeAsyncIterator()
    #expect(subject.trySend(11) == .delivered)
    await subject.send(completion: .finished)
    #expect(await iterator.next() == 10)
    #expect(await iterator.next() == nil)
  }
}
