import Testing

@testable import Signal

/// The consumer-side rules of `zip` and `combineLatest`: ``CombiningProgress`` and the combiners
/// over it (the upstreams' queue is the ``ProducerQueue``, tested on its own).
@Suite struct CombiningProgressTests {
  @Test func zipPairsTheNthValuesAndIsExhaustedWhenAFinishedSideRunsDry() {
    var zip = PairCombiner<Int, String, Publishers.ZipRule>()
    #expect(zip.receive(.first(1), from: 0) == nil)
    #expect(zip.receive(.first(2), from: 0) == nil)
    #expect(zip.receive(.second("a"), from: 1).map { "\($0)\($1)" } == "1a")
    zip.progress.finish(1)
    // The first side still has 2 buffered, but the finished second side has nothing: no pair can come.
    #expect(zip.progress.isExhausted)
  }

  @Test func zipFinishingWithValuesBufferedWaitsForThemToBeUsed() {
    var zip = PairCombiner<Int, Int, Publishers.ZipRule>()
    _ = zip.receive(.first(1), from: 0)
    _ = zip.receive(.first(2), from: 0)
    zip.progress.finish(0)
    #expect(!zip.progress.isExhausted)
    #expect(zip.receive(.second(10), from: 1).map { [$0, $1] } == [1, 10])
    #expect(!zip.progress.isExhausted)
    #expect(zip.receive(.second(20), from: 1).map { [$0, $1] } == [2, 20])
    #expect(zip.progress.isExhausted)
  }

  @Test func combineLatestEmitsForEveryValueOnceAllHaveOne() {
    var latest = TripleCombiner<Int, Int, Int, Publishers.CombineLatestRule>()
    #expect(latest.receive(.first(1), from: 0) == nil)
    #expect(latest.receive(.first(2), from: 0) == nil)
    #expect(latest.receive(.second(10), from: 1) == nil)
    #expect(latest.receive(.third(100), from: 2).map { [$0, $1, $2] } == [2, 10, 100])
    #expect(latest.receive(.second(20), from: 1).map { [$0, $1, $2] } == [2, 20, 100])
    latest.progress.finish(0)
    latest.progress.finish(1)
    #expect(!latest.progress.isExhausted)
    latest.progress.finish(2)
    #expect(latest.progress.isExhausted)
  }

  @Test func combineLatestIsExhaustedWhenASideFinishesWithoutAValue() {
    var latest = ArrayCombiner<Int, Publishers.CombineLatestRule>(upstreams: 3)
    #expect(latest.receive(5, from: 0) == nil)
    latest.progress.finish(1)
    #expect(latest.progress.isExhausted)
  }

  @Test func theArrayCombinersFollowTheirRule() {
    var zip = ArrayCombiner<Int, Publishers.ZipRule>(upstreams: 2)
    #expect(zip.receive(1, from: 0) == nil)
    #expect(zip.receive(2, from: 0) == nil)
    #expect(zip.receive(10, from: 1) == [1, 10])
    #expect(zip.receive(20, from: 1) == [2, 20])
    #expect(ArrayCombiner<Int, Publishers.ZipRule>(upstreams: 0).progress.isExhausted)
    #expect(!PairCombiner<Int, Int, Publishers.ZipRule>.refundsOnDrain)
    #expect(PairCombiner<Int, Int, Publishers.CombineLatestRule>.refundsOnDrain)
  }
}
