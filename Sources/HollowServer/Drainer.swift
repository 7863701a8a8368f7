import Dispatch
import HollowKit
import HollowWire
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes refused and rejected connections without destroying their answer: after the answer, the sending
/// side is shut down (the client sees the end of the answer), then what the client still sends is read and
/// dropped until it closes too, `lingerTimeout` passes or `maximumBytes` came in; only then is the socket
/// closed. Closing at once with the client's request unread would make the system send a reset, which can
/// destroy the answer before the client reads it.
///
/// One thread drains every such socket, so neither the accept loop nor a connection thread waits on a
/// client that is being sent away.
///
/// ```swift
/// drainer.finish(fd, answer: busy.head(contentLength: busy.body.count, keepAlive: false) + busy.body)
/// ```
final class Drainer: Sendable {
  /// Sockets drained at once; beyond, a newcomer is closed at once (a flood is not worth a thread).
  static let maximumPending = 1_024
  /// Input read from one socket before it is closed anyway.
  static let maximumBytes = 256 * 1024

  private struct Pending {
    var fd: Int32
    var deadline: ContinuousClock.Instant
    var bytesLeft: Int
  }

  private struct State {
    var pending: [Pending] = []
    var stopped = false
  }

  private let state = Mutex(State())
  private let linger: Duration
  /// Woken for each socket handed over and for the stop; the thread clears it before each look.
  private let wake: WakePipe
  private let finished = DispatchGroup()

  /// Starts the draining thread.
  init(linger: Duration) throws(ServerError) {
    self.linger = linger
    do throws(SocketFailure) {
      wake = try WakePipe()
    } catch {
      throw ServerError(error)
    }
    finished.enter()
    let started = DetachedThread.start(stackBytes: 256 * 1024) { [self] in
      run()
      finished.leave()
    }
    guard started else {
      finished.leave()
      throw ServerError(operation: "start (no thread for the drainer)", code: EAGAIN)
    }
  }

  /// Writes `answer` without blocking (a short answer fits the socket's buffer), shuts the sending side and
  /// takes the socket over: it is drained, then closed.
  func finish(_ fd: Int32, answer: [UInt8]) {
    WireSocket.sendWithoutWaiting(fd, answer[...])
    adopt(fd)
  }

  /// Shuts the sending side of `fd` (an answer already written) and takes it over: drained, then closed.
  func adopt(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_WR))
    let queued = state.withLock { state in
      guard !state.stopped, state.pending.count < Self.maximumPending else { return false }
      state.pending.append(Pending(fd: fd, deadline: .now + linger, bytesLeft: Self.maximumBytes))
      return true
    }
    guard queued else {
      close(fd)
      return
    }
    wake.wake()
  }

  /// Stops the thread and closes every socket still being drained. Idempotent.
  func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    wake.wake()
    finished.wait()
  }

  /// Sockets being drained now.
  var pendingCount: Int {
    state.withLock { $0.pending.count }
  }

  private func run() {
    var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      // Cleared before the state is read: a socket handed over after this wakes the wait below.
      wake.clear()
      let (pending, stopped) = state.withLock { ($0.pending, $0.stopped) }
      if stopped {
        state.withLock { state in
          for item in state.pending { close(item.fd) }
          state.pending.removeAll()
        }
        return
      }
      let bounds = SocketBounds(deadline: pending.map(\.deadline).min(), wake: wake)
      var ready = [Int16](repeating: 0, count: pending.count)
      do throws(SocketFailure) {
        ready = try WireSocket.wait(anyOf: pending.map(\.fd), for: Int16(POLLIN), bounds)
      } catch .woken, .deadlinePassed {
        // A socket handed over or the stop (looked at above), or a linger ran out (below).
      } catch {
        return
      }
      var done: Set<Int32> = []
      var consumed: [Int32: Int] = [:]
      let after = ContinuousClock.now
      for (index, item) in pending.enumerated() {
        if ready[index] != 0 {
          switch Self.receive(item.fd, into: &scratch) {
          case 0: done.insert(item.fd)  // the end of the stream, or the connection failed
          case let count?:
            consumed[item.fd] = count
            if count >= item.bytesLeft { done.insert(item.fd) }
          case nil: break  // nothing after all
          }
        }
        if item.deadline <= after { done.insert(item.fd) }
      }
      guard !done.isEmpty || !consumed.isEmpty else { continue }
      state.withLock { state in
        state.pending.removeAll { item in
          guard done.contains(item.fd) else { return false }
          close(item.fd)
          return true
        }
        for index in state.pending.indices {
          state.pending[index].bytesLeft -= consumed[state.pending[index].fd] ?? 0
        }
      }
    }
  }

  /// What one read drops from `fd`: the count, 0 at the end of the stream or when the connection failed, nil
  /// when nothing was there.
  private static func receive(_ fd: Int32, into scratch: inout [UInt8]) -> Int? {
    scratch.withUnsafeMutableBytes { buffer in
      do throws(SocketFailure) {
        return try WireSocket.receiveWithoutWaiting(fd, into: buffer)
      } catch {
        return 0
      }
    }
  }
}
