import Signal
import Testing

/// Combine lets `flatMap`, `flatMapLatest` and `switchToLatest` join a side that cannot fail to one
/// that can, giving the result the failing side's type. These tests pin that every combination
/// resolves to Signal's publisher (not the standard library's serial `AsyncSequence.flatMap`) with
/// the failure type Combine gives it.
@Suite struct FailureTypeAdaptingTests {
  /// Compiles only for a Signal publisher with exactly this failure type.
  func failure<P: Publisher, F: Error>(of publisher: P, is: F.Type) -> Bool where P.Failure == F { true }

  @Test func flatMapFromANeverFailingUpstreamTakesTheInnerFailureType() async {
    let flat = [1, 2, 3].publisher.flatMap { n in
      n == 3
        ? Fail<Int, TestError>(error: .boom).eraseToAnyPublisher()
        : Just(n * 10).setFailureType(to: TestError.self).eraseToAnyPublisher()
    }
    #expect(failure(of: flat, is: TestError.self))
    let _:
      Publishers.FlatMap<AnyPublisher<Int, TestError>, Publishers.SetFailureType<SequencePublisher<[Int]>, TestError>> =
        flat
    let recording = await record(flat)
    #expect(Set(recording.values).isSubset(of: [10, 20]))
    #expect(recording.completion == .failure(.boom))
  }

  @Test func forTryAwaitOverTheAdaptingFlatMapIteratesTheSignalPublisher() async {
    // `do throws(TestError)` compiles only if the loop iterates Signal's flatMap, which fails with
    // TestError: the standard library's AsyncThrowingFlatMapSequence throws `any Error`.
    var values: [Int] = []
    do throws(TestError) {
      for try await value in [1, 2].publisher.flatMap({ n in Just(n).setFailureType(to: TestError.self) }) {
        values.append(value)
      }
      for try await value in [3].publisher.flatMap({ n in Fail<Int, TestError>(error: .boom) }) {
        values.append(value)
      }
    } catch {
      #expect(error == .boom)
    }
    #expect(values.sorted() == [1, 2])
  }

  @Test func sinkAcceptsTheAdaptingFlatMap() async {
    let done = AsyncStream<Completion<TestError>>.makeStream()
    let cancellable = Just(1).flatMap { _ in Fail<Int, TestError>(error: .boom) }
      .sink {
        done.continuation.yield($0)
      } receiveValue: { _ in
      }
    var completions = done.stream.makeAsyncIterator()
    #expect(await completions.next() == .failure(.boom))
    cancellable.cancel()
  }

  @Test func flatMapWhenNeitherSideFailsStaysNever() async {
    let flat = [1, 2].publisher.flatMap { Just($0) }
    #expect(failure(of: flat, is: Never.self))
    let _: Publishers.FlatMap<Just<Int>, SequencePublisher<[Int]>> = flat
  }

  @Test func flatMapLatestIntoAnInnerThatCannotFailTakesTheUpstreamFailureType() async {
    let latest = failing(after: [1, 2]).flatMapLatest { Just($0 * 10) }
    #expect(failure(of: latest, is: TestError.self))
    let recording = await record(latest)
    #expect(recording.completion == .failure(.boom))
    #expect(Set(recording.values).isSubset(of: [10, 20]))
  }

  @Test func flatMapLatestFromANeverFailingUpstreamTakesTheInnerFailureType() async {
    let latest = Just(1).flatMapLatest { _ in Fail<Int, TestError>(error: .other) }
    #expect(failure(of: latest, is: TestError.self))
    #expect(await record(latest).completion == .failure(.other))
  }

  @Test func flatMapLatestWhenNeitherSideFailsStaysNever() async {
    let latest = Just(2).flatMapLatest { Just($0 * 10) }
    #expect(failure(of: latest, is: Never.self))
    #expect(await latest.allValues() == [20])
  }

  @Test func switchToLatestAdaptsEitherSide() async {
    let innerNever = failing(after: [1]).map { Just($0 * 10) }.switchToLatest()
    #expect(failure(of: innerNever, is: TestError.self))
    #expect(await record(innerNever).completion == .failure(.boom))
    let outerNever = Just(Fail<Int, TestError>(error: .other)).switchToLatest()
    #expect(failure(of: outerNever, is: TestError.self))
    #expect(await record(outerNever).completion == .failure(.other))
    let neither = Just(Just(3)).switchToLatest()
    #expect(failure(of: neither, is: Never.self))
    #expect(await neither.allValues() == [3])
  }
}
