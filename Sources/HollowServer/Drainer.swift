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
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let finished = DispatchGroup()

  /// Starts the draining thread.
  init(linger: Duration) throws(ServerError) {
    self.linger = linger
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .lastError("pipe") }
    wakeRead = ends[0]
    wakeWrite = ends[1]
    for end in ends {
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    finished.enter()
    let started = DetachedThread.start(stackBytes: 256 * 1024) { [self] in
      run()
      finished.leave()
    }
    guard started else {
      finished.leave()
      close(wakeRead)
      close(wakeWrite)
      throw ServerError(operation: "start (no thread for the drainer)", code: EAGAIN)
    }
  }

  /// Writes `answer` without blocking (a short answer fits the socket's buffer), shuts the sending side and
  /// takes the socket over: it is drained, then closed.
  func finish(_ fd: Int32, answer: [UInt8]) {
    answer.withUnsafeBytes { buffer in
      _ = send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
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
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Stops the thread and closes every socket still being drained. Idempotent.
  func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    var byte: UInt8 = 0
    _ = write(wakeWrite, &byte, 1)
    finished.wait()
    close(wakeRead)
    close(wakeWrite)
  }

  /// Sockets being drained now.
  var pendingCount: Int {
    state.withLock { $0.pending.count }
  }

  private func run() {
    var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let (pending, stopped) = state.withLock { ($0.pending, $0.stopped) }
      if stopped {
        state.withLock { state in
          for item in state.pending { close(item.fd) }
          state.pending.removeAll()
        }
        return
      }
      var entries = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
      entries += pending.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      let now = ContinuousClock.now
      let nearest = pending.map(\.deadline).min()
      let timeout = nearest.map { WireSocket.milliseconds(now.duration(to: $0)) } ?? -1
      let ready = poll(&entries, nfds_t(entries.count), timeout)
      if ready < 0, errno != EINTR { return }
      if entries[0].revents != 0 {
        while read(wakeRead, &scratch, scratch.count) > 0 {}
      }
      var done: Set<Int32> = []
      var consumed: [Int32: Int] = [:]
      let after = ContinuousClock.now
      for (index, item) in pending.enumerated() {
        let revents = entries[index + 1].revents
        if revents != 0 {
          let count = scratch.withUnsafeMutableBytes { recv(item.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
          if count > 0 {
            consumed[item.fd] = count
            if count >= item.bytesLeft { done.insert(item.fd) }
          } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            done.insert(item.fd)
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
}
