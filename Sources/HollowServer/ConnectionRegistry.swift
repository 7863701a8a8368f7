import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open connections: admits up to the limits, makes room for a newcomer by closing the connection that
/// has waited longest, and on shutdown wakes every connection thread and waits for all of them to finish.
///
/// A connection is *waiting* while it waits for the client (the next request, the rest of a head or a
/// body) and *busy* while the server works on an answer. At a limit, a waiting connection can be evicted:
/// its socket is shut down, which wakes its thread, and it stops counting against the limits at once.
/// Slowloris clients and held keep-alive connections wait, so they are what gets evicted; a busy connection
/// never is. Oldest first: a good client's connection waits for microseconds before its request arrives,
/// so it is the youngest there is.
///
/// A descriptor is closed only under the lock, after it leaves the set, so eviction and shutdown never touch
/// a descriptor number the system has already reused.
///
/// ```swift
/// guard registry.admit(fd, peer: address) else { /* answer 503 */ }
/// while registry.markWaiting(fd) { /* read a request */ guard registry.markBusy(fd) else { break } /* answer */ }
/// registry.release(fd)
/// ```
final class ConnectionRegistry: Sendable {
  /// What the registry holds, for tests that wait for a state instead of sleeping.
  struct Census: Sendable, Equatable {
    /// Connections that count against the limits (not evicted).
    var open = 0
    var waiting = 0
    var busy = 0
    /// Connections evicted whose threads have not finished yet.
    var evicted = 0
    /// Evictions so far.
    var evictions = 0
    /// Connections refused (503) so far.
    var refusals = 0
    /// Connections admitted so far: with keep-alive, fewer than the requests they carried.
    var admissions = 0
    /// Open connections per peer address.
    var perPeer: [UInt32: Int] = [:]
  }

  private struct Slot {
    var peer: UInt32
    /// When it began to wait for the client; nil while busy.
    var waitingSince: ContinuousClock.Instant?
    var evicted = false
  }

  private struct Watcher {
    var condition: @Sendable (Census) -> Bool
    var semaphore: DispatchSemaphore
  }

  private struct State {
    var slots: [Int32: Slot] = [:]
    var census = Census()
    var closing = false
    var watchers: [Watcher] = []
  }

  private let state = Mutex(State())
  private let running = DispatchGroup()
  private let limit: Int
  private let limitPerPeer: Int
  /// Evicted connections whose threads are still ending may exceed the limit by this much; past it,
  /// newcomers are refused, so a flood of connects cannot pile up threads.
  private let evictionSlack: Int

  init(limit: Int, limitPerPeer: Int) {
    self.limit = max(1, limit)
    self.limitPerPeer = max(1, min(limitPerPeer, limit))
    evictionSlack = max(8, limit / 4)
  }

  /// Registers `fd` (from IPv4 address `peer`), evicting the longest-waiting connection of that peer if it is
  /// at its limit, else of everyone if the server is full; `false` when nothing could be evicted or the server
  /// is shutting down (the caller then answers 503).
  func admit(_ fd: Int32, peer: UInt32) -> Bool {
    state.withLock { state in
      let admitted = Self.admit(
        fd, peer: peer, in: &state, limit: limit, limitPerPeer: limitPerPeer,
        slack: evictionSlack)
      if admitted {
        running.enter()
        state.census.admissions += 1
      } else {
        state.census.refusals += 1
      }
      Self.notify(&state)
      return admitted
    }
  }

  private static func admit(
    _ fd: Int32, peer: UInt32, in state: inout State, limit: Int, limitPerPeer: Int, slack: Int
  ) -> Bool {
    guard !state.closing, state.slots.count < limit + slack else { return false }
    if state.census.perPeer[peer, default: 0] >= limitPerPeer {
      guard let victim = oldestWaiting(in: state.slots, peer: peer) else { return false }
      evict(victim, in: &state)
    } else if state.census.open >= limit {
      guard let victim = oldestWaiting(in: state.slots, peer: nil) else { return false }
      evict(victim, in: &state)
    }
    state.slots[fd] = Slot(peer: peer, waitingSince: .now)
    state.census.open += 1
    state.census.waiting += 1
    state.census.perPeer[peer, default: 0] += 1
    return true
  }

  private static func oldestWaiting(in slots: [Int32: Slot], peer: UInt32?) -> Int32? {
    var oldest: (fd: Int32, since: ContinuousClock.Instant)?
    for (fd, slot) in slots where !slot.evicted && (peer == nil || slot.peer == peer) {
      guard let since = slot.waitingSince else { continue }
      if oldest.map({ since < $0.since }) ?? true { oldest = (fd, since) }
    }
    return oldest?.fd
  }

  private static func evict(_ fd: Int32, in state: inout State) {
    guard var slot = state.slots[fd], !slot.evicted else { return }
    state.census.open -= 1
    if slot.waitingSince == nil { state.census.busy -= 1 } else { state.census.waiting -= 1 }
    state.census.perPeer[slot.peer, default: 1] -= 1
    if state.census.perPeer[slot.peer] == 0 { state.census.perPeer[slot.peer] = nil }
    state.census.evicted += 1
    state.census.evictions += 1
    slot.evicted = true
    state.slots[fd] = slot
    // Wakes the thread out of its poll; it sees the end of the stream and finishes.
    shutdown(fd, Int32(SHUT_RDWR))
  }

  /// `fd` now waits for its client (since the moment it last stopped being busy, or was admitted); `false`
  /// when it was evicted (its thread should finish).
  func markWaiting(_ fd: Int32) -> Bool {
    mark(fd, waiting: true)
  }

  /// `fd` now works on an answer and cannot be evicted; `false` when it was evicted before (the request is
  /// then dropped unanswered, which a client may retry: nothing was done).
  func markBusy(_ fd: Int32) -> Bool {
    mark(fd, waiting: false)
  }

  private func mark(_ fd: Int32, waiting: Bool) -> Bool {
    state.withLock { state in
      guard var slot = state.slots[fd], !slot.evicted else { return false }
      if waiting != (slot.waitingSince != nil) {
        state.census.waiting += waiting ? 1 : -1
        state.census.busy += waiting ? -1 : 1
      }
      // A connection that goes on waiting (admitted, then its thread starts; a head, then its body) keeps its
      // first instant: eviction order is then arrival order, whenever the threads get to run.
      if !waiting {
        slot.waitingSince = nil
      } else if slot.waitingSince == nil {
        slot.waitingSince = .now
      }
      state.slots[fd] = slot
      Self.notify(&state)
      return true
    }
  }

  /// Closes `fd` and marks its thread finished.
  func release(_ fd: Int32) {
    state.withLock { state in
      forget(fd, in: &state)
      close(fd)
      Self.notify(&state)
    }
    running.leave()
  }

  /// Forgets `fd` without closing it, for a caller that hands it on (to the drainer); marks its thread
  /// finished. `false` when it had been evicted: then it is closed here instead.
  func detach(_ fd: Int32) -> Bool {
    let detached = state.withLock { state in
      let evicted = state.slots[fd]?.evicted ?? true
      forget(fd, in: &state)
      if evicted { close(fd) }
      Self.notify(&state)
      return !evicted
    }
    running.leave()
    return detached
  }

  private func forget(_ fd: Int32, in state: inout State) {
    guard let slot = state.slots.removeValue(forKey: fd) else { return }
    if slot.evicted {
      state.census.evicted -= 1
      return
    }
    state.census.open -= 1
    if slot.waitingSince == nil { state.census.busy -= 1 } else { state.census.waiting -= 1 }
    state.census.perPeer[slot.peer, default: 1] -= 1
    if state.census.perPeer[slot.peer] == 0 { state.census.perPeer[slot.peer] = nil }
  }

  /// Connections that count against the limits.
  var openCount: Int {
    state.withLock { $0.census.open }
  }

  var census: Census {
    state.withLock { $0.census }
  }

  /// Waits until `condition` holds for the census, or `timeout` passes (a safety net for tests, which wait
  /// for a state instead of sleeping); `true` when it held.
  func wait(until condition: @escaping @Sendable (Census) -> Bool, timeout: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let holds = state.withLock { state in
      if condition(state.census) { return true }
      state.watchers.append(Watcher(condition: condition, semaphore: semaphore))
      return false
    }
    if holds { return true }
    let (seconds, attoseconds) = timeout.components
    let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
    if semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { return true }
    // Timed out: withdraw, unless it was signalled meanwhile.
    return state.withLock { state in
      let before = state.watchers.count
      state.watchers.removeAll { $0.semaphore === semaphore }
      return state.watchers.count == before
    }
  }

  private static func notify(_ state: inout State) {
    guard !state.watchers.isEmpty else { return }
    let census = state.census
    state.watchers.removeAll { watcher in
      guard watcher.condition(census) else { return false }
      watcher.semaphore.signal()
      return true
    }
  }

  /// Refuses new connections, wakes the open ones and waits for their threads to end.
  func closeAll() {
    state.withLock { state in
      state.closing = true
      for fd in state.slots.keys { shutdown(fd, Int32(SHUT_RDWR)) }
    }
    running.wait()
  }
}
