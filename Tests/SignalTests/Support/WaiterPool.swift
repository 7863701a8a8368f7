import Testing

@testable import Signal

/// Waiters for driving a state machine by hand: each one is the continuation of a task that
/// parks for the purpose, and has a name, so a test can say which waiters a machine handed
/// back to be woken.
///
/// Every waiter is resumed exactly once: by ``resume(_:sourceLocation:)`` when the machine
/// hands it back, or when the pool goes away if the machine kept it. A failing test leaks no
/// parked task, and a waiter handed back twice is reported, not resumed twice.
final class WaiterPool {
  private var made: [(name: String, waiter: Waiter)] = []
  private var resumed: Set<String> = []

  deinit {
    for (name, waiter) in made where !resumed.contains(name) { waiter.resume() }
  }

  /// The waiter of a newly parked task, known as `name`.
  func make(_ name: String) async -> Waiter {
    let waiter = await withCheckedContinuation { (handOver: CheckedContinuation<Waiter, Never>) in
      Task { await withUnsafeContinuation { handOver.resume(returning: $0) } }
    }
    made.append((name, waiter))
    return waiter
  }

  /// Resumes what `effects` asks to wake; returns the names woken, in order.
  func resume(_ effects: Effects, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    resume(effects.wakeups, sourceLocation: sourceLocation)
  }

  /// Resumes `wakeups`; returns the names woken, in order.
  func resume(_ wakeups: Wakeups, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let waiters = [wakeups.first, wakeups.second].compactMap { $0 } + wakeups.more
    return waiters.map { resume($0, sourceLocation: sourceLocation) }
  }

  /// Resumes one waiter a machine handed back; returns its name.
  func resume(_ waiter: Waiter, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard let name = made.first(where: { Self.isSame($0.waiter, waiter) })?.name else {
      Issue.record("a waiter that no test made was handed back", sourceLocation: sourceLocation)
      return "?"
    }
    guard resumed.insert(name).inserted else {
      Issue.record("\(name) was handed back twice", sourceLocation: sourceLocation)
      return name
    }
    waiter.resume()
    return name
  }

  /// The waiters not resumed yet: those the machine still holds (or never got).
  var parked: [String] {
    made.map(\.name).filter { !resumed.contains($0) }
  }

  /// An `UnsafeContinuation` is one pointer to its task's context, and is not `Equatable`:
  /// two waiters are the same when those pointers are.
  private static func isSame(_ lhs: Waiter, _ rhs: Waiter) -> Bool {
    unsafeBitCast(lhs, to: OpaquePointer.self) == unsafeBitCast(rhs, to: OpaquePointer.self)
  }
}
