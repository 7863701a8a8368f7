import Signal
import Testing

@Suite struct DeferredTests {
  @Test func buildsNothingUntilSubscribed() async {
    let builds = Counter()
    let deferred = Deferred {
      builds.increment()
      return [1, 2].publisher
    }
    #expect(builds.value == 0)
    #expect(await record(deferred).values == [1, 2])
    #expect(builds.value == 1)
  }

  @Test func buildsAFreshPublisherPerSubscription() async {
    let builds = Counter()
    let deferred = Deferred { Just(builds.increment()) }
    #expect(await record(deferred).values == [1])
    #expect(await record(deferred).values == [2])
  }

  @Test func passesTheBuiltPublishersFailure() async {
    let recording = await record(Deferred { failing(after: [7]) })
    #expect(recording == Recording(values: [7], completion: .failure(.boom)))
  }
}
