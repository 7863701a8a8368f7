import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Disk writes started by ``TwoTierCache/setInBackground(_:forKey:ttl:)`` and not finished yet: their
/// payloads (so reads see them at once) and their tasks (so ``TwoTierCache/flush()`` can wait for them).
///
/// Writes of one key form a chain: each waits for the one before it, so the last value set is the one that
/// lands on disk, whatever order the tasks are scheduled in.
final class PendingWrites: Sendable {
  private struct Write {
    var data: Data
    var task: Task<Void, Never>
    /// Which write of its key this is: a finished write only clears its key if no later one replaced it.
    var generation: UInt64
  }

  private struct State {
    var writes: [String: Write] = [:]
    var nextGeneration: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Starts `write`, which stores `data` for `key`, after any write of `key` already under way.
  func start(key: String, data: Data, write: @escaping @Sendable () async -> Void) {
    state.withLock { state in
      let previous = state.writes[key]?.task
      let generation = state.nextGeneration
      state.nextGeneration += 1
      // The task cannot reach `finish` before this closure returns: `finish` takes the same lock.
      let task = Task {
        await previous?.value
        await write()
        self.finish(key: key, generation: generation)
      }
      state.writes[key] = Write(data: data, task: task, generation: generation)
    }
  }

  /// The payload of the latest unfinished write of `key`.
  func data(forKey key: String) -> Data? {
    state.withLock { $0.writes[key]?.data }
  }

  /// Returns once every write of `key` started so far has finished.
  func wait(forKey key: String) async {
    await state.withLock { $0.writes[key]?.task }?.value
  }

  /// Returns once every write started so far, and any started meanwhile, has finished.
  func flush() async {
    while true {
      let tasks = state.withLock { $0.writes.values.map(\.task) }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }

  /// Writes not finished yet.
  var count: Int {
    state.withLock { $0.writes.count }
  }

  private func finish(key: String, generation: UInt64) {
    state.withLock { state in
      if state.writes[key]?.generation == generation { state.writes[key] = nil }
    }
  }
}
