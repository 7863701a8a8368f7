import Signal
import Testing

@Suite struct AsyncSequencePublisherTests {
  @Test func publishesAStreamsElements() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in [1, 2, 3] { continuation.yield(value) }
    continuation.finish()
    let recording = await record(stream.publisher)
    #expect(recording == Recording(values: [1, 2, 3], completion: .finished))
  }

  @Test func keepsTheSequencesTypedFailure() async {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    continuation.yield(1)
    continuation.finish(throwing: TestError.boom)
    let recording = await record(stream.publisher)
    #expect(recording.values == [1])
    guard case .failure(let error) = recording.completion else {
      Issue.record("expected a failure, got \(String(describing: recording.completion))")
      return
    }
    #expect(error as? TestError == .boom)
  }

  @Test func neverFailingSequenceGivesANeverFailingPublisher() async {
    let publisher: some Publisher<Int, Never> = AsyncStream<Int> { $0.finish() }.publisher
    #expect(await publisher.allValues().isEmpty)
  }

  @Test func cancellationEndsTheStream() async {
    let outputs = await outputsUntilCancelled(feeding: [5], valuesBeforeCancel: 1) { $0 }
    #expect(outputs == [5])
  }
}
