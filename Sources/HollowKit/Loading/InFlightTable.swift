import Synchronization

/// Coalesces concurrent work by key: the first caller for a key starts the work, callers that come
/// while it runs join it, and all of them get the one result.
///
/// The work runs in its own task and is reference-counted by its joiners: a caller whose task is
/// cancelled just leaves (it gets `nil` at once) and the work goes on for the others; the work is
/// cancelled only when every joiner has left. Once the work ends its entry is gone, so a later
/// caller starts afresh (usually finding in a cache what the work stored).
///
/// The image loader keys by URL, the quote loader by pid:
///
/// ```swift
/// let table = InFlightTable<URL, Result<Data, ImageLoadError>>()
/// let outcome = await table.value(for: url) { await download(url) }  // nil: this caller was cancelled
/// ```
public final class InFlightTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let state = Mutex(State())
  private let nextJoinerID = Atomic<UInt64>(0)
  private let liveTasks = Atomic<Int>(0)

  public init() {}

  /// The result of the work for `key`: joins the running work, or starts `produce` if none runs.
  ///
  /// - Returns: the work's value, or nil when this caller's task was cancelled before it ended.
  public func value(for key: Key, _ produce: @escaping @Sendable () async -> Value) async -> Value? {
    let id = nextJoinerID.wrappingAdd(1, ordering: .relaxed).newValue
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let action = state.withLock { state -> JoinAction in
          // Checked under the lock: a cancellation after this finds the joiner registered.
          if Task.isCancelled { return .cancelled }
          return state.join(key, id: id, continuation: continuation)
        }
        switch action {
        case .cancelled: continuation.resume(returning: nil)
        case .joined: break
        case .start(let generation): start(key, generation: generation, produce)
        }
      }
    } onCancel: {
      leave(key, id: id)
    }
  }

  /// Keys whose work is running and still has joiners.
  public var count: Int {
    state.withLock { $0.entries.count }
  }

  /// Callers waiting for `key`'s work.
  public func joinerCount(for key: Key) -> Int {
    state.withLock { $0.entries[key]?.waiters.count ?? 0 }
  }

  /// Work tasks that have not returned yet, abandoned ones included: 0 means nothing is left behind.
  public var liveTaskCount: Int {
    liveTasks.load(ordering: .acquiring)
  }

  /// How many works were started and how many callers joined one already running.
  public var statistics: (started: Int, joined: Int) {
    state.withLock { ($0.started, $0.joined) }
  }

  private func start(_ key: Key, generation: UInt64, _ produce: @escaping @Sendable () async -> Value) {
    liveTasks.wrappingAdd(1, ordering: .relaxed)
    let task = Task {
      let value = await produce()
      finish(key, generation: generation, value: value)
      liveTasks.wrappingSubtract(1, ordering: .releasing)
    }
    let abandoned = state.withLock { $0.attach(task, to: key, generation: generation) }
    if abandoned { task.cancel() }
  }

  private func finish(_ key: Key, generation: UInt64, value: Value) {
    let waiters = state.withLock { $0.finish(key, generation: generation) }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  private func leave(_ key: Key, id: UInt64) {
    let (waiter, abandonedTask) = state.withLock { $0.leave(key, id: id) }
    waiter?.resume(returning: nil)
    abandonedTask?.cancel()
  }

  private enum JoinAction {
    case cancelled
    case joined
    case start(generation: UInt64)
  }

  private struct State {
    struct Entry {
      let generation: UInt64
      /// nil between the entry's creation and the task's creation.
      var task: Task<Void, Never>?
      var waiters: [UInt64: CheckedContinuation<Value?, Never>]
    }

    var entries: [Key: Entry] = [:]
    var nextGeneration: UInt64 = 0
    var started = 0
    var joined = 0

    mutating func join(_ key: Key, id: UInt64, continuation: CheckedContinuation<Value?, Never>) -> JoinAction {
      if entries[key] != nil {
        entries[key]?.waiters[id] = continuation
        joined += 1
        return .joined
      }
      nextGeneration += 1
      started += 1
      entries[key] = Entry(generation: nextGeneration, task: nil, waiters: [id: continuation])
      return .start(generation: nextGeneration)
    }

    /// Whether every joiner left before the task existed (the caller must cancel it).
    mutating func attach(_ task: Task<Void, Never>, to key: Key, generation: UInt64) -> Bool {
      guard entries[key]?.generation == generation else { return true }
      entries[key]?.task = task
      return false
    }

    mutating func finish(_ key: Key, generation: UInt64) -> [CheckedContinuation<Value?, Never>] {
      guard let entry = entries[key], entry.generation == generation else { return [] }
      entries[key] = nil
      return Array(entry.waiters.values)
    }

    /// The leaving joiner's continuation, and the task to cancel when it was the last joiner.
    mutating func leave(_ key: Key, id: UInt64) -> (CheckedContinuation<Value?, Never>?, Task<Void, Never>?) {
      guard var entry = entries[key], let waiter = entry.waiters.removeValue(forKey: id) else { return (nil, nil) }
      guard entry.waiters.isEmpty else {
        entries[key] = entry
        return (waiter, nil)
      }
      entries[key] = nil
      return (waiter, entry.task)
    }
  }
}
