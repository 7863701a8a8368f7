import Signal
import Testing

@Suite struct MaterializeTests {
  @Test func publishesValuesThenTheFinish() async {
    let events = await [1, 2].publisher.materialize().allValues()
    #expect(events == [.value(1), .value(2), .finished])
  }

  @Test func aFailureBecomesTheLastEventOfAStreamThatCannotFail() async {
    let events: [Event<Int, TestError>] = await failing(after: [1]).materialize().allValues()
    #expect(events == [.value(1), .failure(.boom)])
  }

  @Test func dematerializeRestoresTheStream() async {
    #expect(
      await record(failing(after: [1, 2]).materialize().dematerialize())
        == Recording(values: [1, 2], completion: .failure(.boom)))
    #expect(
      await record([1, 2].publisher.materialize().dematerialize()) == Recording(values: [1, 2], completion: .finished))
  }

  @Test func dematerializeEndsAtTheFirstEndingEventWithoutPullingMore() async {
    let pulled = Counter()
    let events: [Event<Int, TestError>] = [.value(1), .failure(.other), .value(2), .finished]
    let source = events.publisher.map { event in
      pulled.increment()
      return event
    }
    #expect(await record(source.dematerialize()) == Recording(values: [1], completion: .failure(.other)))
    #expect(pulled.value == 2)
  }

  @Test func dematerializeOfEventsWithoutAnEndingFinishes() async {
    let events: [Event<Int, TestError>] = [.value(1)]
    #expect(await record(events.publisher.dematerialize()) == Recording(values: [1], completion: .finished))
  }
}
