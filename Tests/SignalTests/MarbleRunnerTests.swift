import Signal
import SignalTesting
import Testing

/// The marble runner is correct whatever the scheduling: a chain of a time operator and a
/// concurrent one (search-as-you-type) passes every run, with every case running at once.
@Suite(.timeLimit(.minutes(2))) struct MarbleRunnerTests {
  @Test(arguments: 0..<100)
  func aDebouncedSearchPassesWhateverTheScheduling(_ run: Int) async {
    await MarbleTest.expect(
      "ab-c----d---|",
      through: { source, clock in
        source.debounce(for: .seconds(2), clock: clock).flatMapLatest { query in
          Just(query.uppercased()).setFailureType(to: MarbleTest.Failure.self).delay(for: .seconds(1), clock: clock)
        }
      },
      produces: "----B-C----D|")
  }
}
