import Testing

@testable import Signal

/// Run under ThreadSanitizer by CI: a race on the guarded state would be reported here.
@Suite struct LockStressTests {
  @Test func concurrentReadersAndWritersSeeConsistentState() async {
    let scale = StressScale.factor
    let lock = Lock((count: 0, history: [Int]()))
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for step in 0..<(2_000 * scale) {
            lock.withLock { state in
              state.count += 1
              if step % 100 == 0 { state.history.append(worker) }
            }
          }
        }
      }
    }
    let (count, history) = lock.withLock { ($0.count, $0.history.count) }
    #expect(count == 8 * 2_000 * scale)
    #expect(history == 8 * 20 * scale)
  }
}
