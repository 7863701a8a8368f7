import Signal
import Testing

@Suite struct MapErrorTests {
  enum WrappedError: Error, Equatable {
    case wrapped(TestError)
  }

  @Test func convertsTheFailure() async {
    let recording = await record(failing(after: [1]).mapError { WrappedError.wrapped($0) })
    #expect(recording == Recording(values: [1], completion: .failure(.wrapped(.boom))))
  }

  @Test func leavesValuesAndFinishingAlone() async {
    let recording = await record(
      FlakyPublisher(values: [1, 2], failingSubscriptions: 0).mapError { WrappedError.wrapped($0) })
    #expect(recording == Recording(values: [1, 2], completion: .finished))
  }

  @Test func failureBeforeTheFirstValue() async {
    let recording = await record(Fail<Int, TestError>(error: .other).mapError { WrappedError.wrapped($0) })
    #expect(recording == Recording(values: [], completion: .failure(.wrapped(.other))))
  }
}
