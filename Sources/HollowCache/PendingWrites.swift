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
    var payload: Payload
    var task: Task<Void, Never>
    /// Which write of its key this is: a finished write only clears its key if no later one replaced it.
    var generation: UInt64
  }

  /// What a write stores: bytes given, or bytes being encoded on a task of their own (nil when the value
  /// could not be encoded).
  private enum Payload {
    case ready(Data)
    case encoding(Task<Data?, Never>)
  }

  private struct State {
    var writes: [String: Write] = [:]
    var nextGeneration: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Starts `write`, which stores `data` for `key`, after any write of `key` already under way.
  func start(key: String, data: Data, write: @escaping @Sendable () async -> Void) {
    chain(key: key, payload: .ready(data)) { _ in await write() }
  }

  /// Starts encoding a value with `encode` at once, on a task of its own; then, after any write of `key`
  /// already under way, hands the bytes to `adopt` if no later write of `key` was started meanwhile (under
  /// this object's lock, so a later write's bytes are never replaced by these), and to `write`.
  func start(
    key: String, encode: @escaping @Sendable () -> Data?, adopt: @escaping @Sendable (Data) -> Void,
    write: @escaping @Sendable (Data) async -> Void
  ) {
    let encoding = Task { encode() }
    chain(key: key, payload: .encoding(encoding)) { generation in
      guard let data = await encoding.value else { return }
      self.adopt(data, key: key, generation: generation, with: adopt)
      await write(data)
    }
  }

  /// Records a write of `key` with `payload` and runs `body` (given the write's generation) after any write
  /// of `key` already under way.
  private func chain(key: String, payload: Payload, body: @escaping @Sendable (UInt64) async -> Void) {
    state.withLock { state in
      let previous = state.writes[key]?.task
      let generation = state.nextGeneration
      state.nextGeneration += 1
      // The task cannot reach `finish` before this closure returns: `finish` takes the same lock.
      let task = Task {
        await previous?.value
        await body(generation)
        self.finish(key: key, generation: generation)
      }
      state.writes[key] = Write(payload: payload, task: task, generation: generation)
    }
  }

  /// The payload of the latest unfinished write of `key`, when it was given as bytes.
  func data(forKey key: String) -> Data? {
    state.withLock { state in
      guard case .ready(let data)? = state.writes[key]?.payload else { return nil }
      return data
    }
  }

  /// The encoding of the latest unfinished write of `key`, when it is one being encoded: its bytes are
  /// newer than anything the memory tier holds.
  func encoding(forKey key: String) -> Task<Data?, Never>? {
    state.withLock { state in
      guard case .encoding(let task)? = state.writes[key]?.payload else { return nil }
      return task
    }
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

  private func adopt(_ data: Data, key: String, generation: UInt64, with adopt: (Data) -> Void) {
    state.withLock { state in
      if state.writes[key]?.generation == generation { adopt(data) }
    }
  }

  private func finish(key: String, generation: UInt64) {
    state.withLock { state in
      if state.writes[key]?.generation == generation { state.writes[key] = nil }
    }
  }
}
