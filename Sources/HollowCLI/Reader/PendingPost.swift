import Synchronization

/// A post asked for by pid at the `:` prompt, waiting for the app to open it: the prompt's handler
/// runs inside the compose model, and the app opens the post once the key that sent it is handled.
///
/// ```swift
/// pending.ask(40353)      // the prompt's Enter
/// pending.take()          // 40353 once, then nil
/// ```
final class PendingPost: Sendable {
  private let pid = Mutex<Int?>(nil)

  func ask(_ pid: Int) {
    self.pid.withLock { $0 = pid }
  }

  /// The pid asked for, once.
  func take() -> Int? {
    pid.withLock { pid in
      defer { pid = nil }
      return pid
    }
  }
}
