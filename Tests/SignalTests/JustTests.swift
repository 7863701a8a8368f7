import Signal
import Testing

@Suite struct JustTests {
  @Test func publishesOneValueThenFinishes() async {
    let recording = await record(Just(42))
    #expect(recording == Recording(values: [42], completion: .finished))
  }

  @Test func everySubscriptionGetsTheValue() async {
    let just = Just("hello")
    #expect(await record(just).values == ["hello"])
    #expect(await record(just).values == ["hello"])
  }

  @Test func iteratorStaysFinished() async {
    var iterator = Just(1).makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }
}
