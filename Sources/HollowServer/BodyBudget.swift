import Synchronization

/// The bytes of request bodies all connections may buffer at once, so many connections announcing large
/// bodies cannot take the process's memory between them (512 connections × 4 MB is 2 GB).
///
/// ```swift
/// guard budget.reserve(contentLength) else { /* answer 503: try again */ }
/// defer { budget.release(contentLength) }
/// ```
final class BodyBudget: Sendable {
  private let available: Mutex<Int>

  init(bytes: Int) {
    available = Mutex(max(0, bytes))
  }

  /// Takes `bytes` from the budget; `false` (and nothing taken) when fewer are left.
  func reserve(_ bytes: Int) -> Bool {
    guard bytes > 0 else { return true }
    return available.withLock { available in
      guard available >= bytes else { return false }
      available -= bytes
      return true
    }
  }

  /// Gives back what ``reserve(_:)`` took.
  func release(_ bytes: Int) {
    guard bytes > 0 else { return }
    available.withLock { $0 += bytes }
  }

  /// Bytes not reserved now.
  var remaining: Int {
    available.withLock { $0 }
  }
}
