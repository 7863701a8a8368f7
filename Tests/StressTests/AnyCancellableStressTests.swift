import Signal
import Synchronization
import Testing

/// Run under ThreadSanitizer by CI: `AnyCancellable` keeps its action in a `nonisolated(unsafe)` property that only
/// the winner of an atomic exchange touches; a second reader or writer (a race) would be reported here.
@Suite struct AnyCancellableStressTests {
  @Test func racingCancelsAndReleasesRunEachActionOnce() async {
    let tokens = 300 * StressScale.factor
    let calls = Atomic<Int>(0)
    for _ in 0..<tokens {
      let token = AnyCancellable { calls.add(1, ordering: .relaxed) }
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<3 { group.addTask { token.cancel() } }
      }
    }
    // Tokens released without a cancel run their action in deinit, racing nobody.
    for _ in 0..<tokens { _ = AnyCancellable { calls.add(1, ordering: .relaxed) } }
    #expect(calls.load(ordering: .relaxed) == 2 * tokens)
  }

  @Test func cancellingASinkFromManyTasksStopsItOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<(150 * StressScale.factor) {
      let token = subject.sink { _ in }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await subject.send(1) }
        for _ in 0..<2 { group.addTask { token.cancel() } }
      }
    }
    #expect(subject.trySend(2) == .delivered)
  }
}
