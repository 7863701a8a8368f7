import Signal
import Testing

/// Combine's synchronous `send(completion:)` on Signal's subjects completes without waiting. (The
/// synchronous `send(_:)`, deprecated and pointing at `trySend(_:)`, is `trySend` itself; a test
/// cannot call it without the warning it exists to give, so Tests/CompileChecks/Cases/SynchronousSend.swift
/// pins its message.)
@Suite struct SynchronousSubjectSpellingsTests {
  @Test func synchronousCompletionEndsTheSubscribers() async throws {
    let subject = PassthroughSubject<Int, TestError>()
    var iterator = subject.makeAsyncIterator()
    subject.trySend(1)
    complete(subject, with: .failure(.boom))
    #expect(try await iterator.next() == 1)
    await #expect(throws: TestError.boom) { try await iterator.next() }
  }

  @Test func synchronousCompletionFinishesEverySubjectKind() async {
    let current = CurrentValueSubject<Int, Never>(5)
    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    var currentValues = current.makeAsyncIterator()
    complete(current, with: .finished)
    complete(replay, with: .finished)
    #expect(await currentValues.next() == 5)
    #expect(await currentValues.next() == nil)
    #expect(await replay.allValues().isEmpty)
  }

  /// Synchronous code, as a Combine view model's.
  private func complete<S: StorageBackedSubject>(_ subject: S, with completion: Completion<S.Failure>) {
    subject.send(completion: completion)
  }
}
