import Signal
import Synchronization
import Testing

@Suite struct AnyCancellableTests {
  @Test func cancelRunsTheActionExactlyOnce() {
    let calls = Atomic<Int>(0)
    let cancellable = AnyCancellable { calls.add(1, ordering: .relaxed) }
    #expect(calls.load(ordering: .relaxed) == 0)
    cancellable.cancel()
    cancellable.cancel()
    #expect(calls.load(ordering: .relaxed) == 1)
  }

  @Test func deinitCancelsUnlessAlreadyCancelled() {
    let calls = Atomic<Int>(0)
    var cancellable: AnyCancellable? = AnyCancellable { calls.add(1, ordering: .relaxed) }
    #expect(cancellable != nil)
    cancellable = nil
    #expect(calls.load(ordering: .relaxed) == 1)

    var cancelledFirst: AnyCancellable? = AnyCancellable { calls.add(1, ordering: .relaxed) }
    cancelledFirst?.cancel()
    cancelledFirst = nil
    #expect(calls.load(ordering: .relaxed) == 2)
  }

  @Test func concurrentCancelsRunTheActionOnce() async {
    let calls = Atomic<Int>(0)
    let cancellable = AnyCancellable { calls.add(1, ordering: .relaxed) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<16 { group.addTask { cancellable.cancel() } }
    }
    #expect(calls.load(ordering: .relaxed) == 1)
  }

  @Test func equalityAndHashingAreByIdentity() {
    let first = AnyCancellable {}
    let second = AnyCancellable {}
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, first, second]).count == 2)
  }

  @Test func storeInSetKeepsItUntilRemoved() {
    let calls = Atomic<Int>(0)
    var set = Set<AnyCancellable>()
    AnyCancellable { calls.add(1, ordering: .relaxed) }.store(in: &set)
    #expect(set.count == 1)
    #expect(calls.load(ordering: .relaxed) == 0)
    set.removeAll()
    #expect(calls.load(ordering: .relaxed) == 1)
  }

  @Test func storeInArrayKeepsItUntilRemoved() {
    let calls = Atomic<Int>(0)
    var array: [AnyCancellable] = []
    AnyCancellable { calls.add(1, ordering: .relaxed) }.store(in: &array)
    AnyCancellable { calls.add(1, ordering: .relaxed) }.store(in: &array)
    #expect(array.count == 2)
    #expect(calls.load(ordering: .relaxed) == 0)
    array.removeAll()
    #expect(calls.load(ordering: .relaxed) == 2)
  }
}
