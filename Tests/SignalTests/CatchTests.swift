import Signal
import Testing

@Suite struct CatchTests {
  @Test func switchesToTheReplacementAfterAFailure() async {
    let recording = await record(failing(after: [1, 2]).catch { _ in [8, 9].publisher })
    #expect(recording == Recording(values: [1, 2, 8, 9], completion: .finished))
  }

  @Test func replacementReceivesTheError() async {
    let recording = await record(failing(after: [], with: .other).catch { Just($0 == .other ? 1 : 0) })
    #expect(recording.values == [1])
  }

  @Test func neverFailingReplacementMakesANeverFailingPublisher() async {
    let recovered: some Publisher<Int, Never> = failing(after: [1]).catch { _ in Empty<Int, Never>() }
    #expect(await recovered.allValues() == [1])
  }

  @Test func aFinishingUpstreamNeverBuildsAReplacement() async {
    let builds = Counter()
    let publisher = FlakyPublisher(values: [1], failingSubscriptions: 0).catch { _ in
      builds.increment()
      return Just(0)
    }
    #expect(await publisher.allValues() == [1])
    #expect(builds.value == 0)
  }

  @Test func replacementMayFailWithADifferentType() async {
    enum OtherError: Error, Equatable { case replacementFailed }
    let recording = await record(failing(after: [1]).catch { _ in Fail<Int, OtherError>(error: .replacementFailed) })
    #expect(recording == Recording(values: [1], completion: .failure(.replacementFailed)))
  }
}
