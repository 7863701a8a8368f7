import Signal
import Testing

@Suite struct TryMapTests {
  @Test func transformsEveryValue() async {
    let recording = await record(["1", "2"].publisher.tryMap { Int($0) ?? 0 })
    #expect(recording.values == [1, 2])
    guard case .finished = recording.completion else {
      Issue.record("expected the stream to finish, got \(String(describing: recording.completion))")
      return
    }
  }

  @Test func thrownErrorEndsTheStream() async throws {
    var iterator = ["1", "x", "3"].publisher.tryMap { text -> Int in
      guard let number = Int(text) else { throw TestError.other }
      return number
    }.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: TestError.other) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func upstreamFailureIsPassedOn() async {
    let recording = await record(failing(after: [4]).tryMap { $0 + 1 })
    #expect(recording.values == [5])
    guard case .failure(let error) = recording.completion else {
      Issue.record("expected a failure")
      return
    }
    #expect(error as? TestError == .boom)
  }

  @Test func emptyUpstream() async throws {
    #expect(try await Empty<Int, Never>().tryMap { $0 }.allValues().isEmpty)
  }
}
