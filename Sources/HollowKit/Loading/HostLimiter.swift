import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One concurrency budget per host: at most ``limitPerHost`` bodies run at once against the same
/// host (scheme, name and port); the rest wait in arrival order.
///
/// Page fetches, image downloads and quote requests share one limiter, so together they never open
/// more than the budget against a server. A waiter whose task is cancelled leaves the queue at once.
///
/// ```swift
/// let limiter = HostLimiter(limitPerHost: 16)
/// let response = try await limiter.withPermit(for: url) { () async throws(TransportFailure) in
///   try await http.send(HTTPClientRequest(method: .get, url: url))
/// }  // nil: cancelled while waiting for a permit
/// ```
public final class HostLimiter: Sendable {
  /// The most bodies running at once per host (at least 1).
  public let limitPerHost: Int

  private let state: Mutex<State>
  private let nextWaiterID = Atomic<UInt64>(0)

  /// The default budget per host: 16.
  ///
  /// A timeline of 3 pages is about 60 requests (pages, images, cited posts); at `c` at once it takes
  /// about `1 + ceil(60 / c)` round trips, so 16 loads it in 5 rounds where one request at a time takes 60
  /// (6 would take 11). Browsers open 6 connections per host over HTTP/1.1 for shared servers; 16 is still
  /// modest for one client, and loopback or HTTP/2 servers take hundreds. Change it with
  /// `TreeHoleLoaders(limitPerHost:)` (the CLI's `--connections N`).
  public static let defaultLimitPerHost = 16

  /// - Parameter limitPerHost: below 1 counts as 1.
  public init(limitPerHost: Int = HostLimiter.defaultLimitPerHost) {
    self.limitPerHost = max(1, limitPerHost)
    state = Mutex(State())
  }

  /// The budget key of `url`: `scheme://host:port`, so two ports of one machine are two hosts.
  public static func host(of url: URL) -> String {
    "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
  }

  /// Runs `body` once a permit for `url`'s host is free, then frees it.
  ///
  /// - Returns: what `body` returns, or nil when the task was cancelled before a permit was free
  ///   (then `body` does not run).
  public func withPermit<T, E: Error>(
    for url: URL, isolation: isolated (any Actor)? = #isolation, _ body: () async throws(E) -> T
  ) async throws(E) -> T? {
    let host = Self.host(of: url)
    guard await acquire(host) else { return nil }
    defer { release(host) }
    return try await body()
  }

  /// Bodies running now against `url`'s host.
  public func activeCount(for url: URL) -> Int {
    state.withLock { $0.hosts[Self.host(of: url)]?.active ?? 0 }
  }

  /// The most bodies that ever ran at once against `url`'s host.
  public func peakCount(for url: URL) -> Int {
    state.withLock { $0.hosts[Self.host(of: url)]?.peak ?? 0 }
  }

  /// Tasks waiting for a permit, over all hosts.
  public var waitingCount: Int {
    state.withLock { $0.hosts.values.reduce(0) { $0 + $1.waiters.count } }
  }

  private func acquire(_ host: String) async -> Bool {
    let id = nextWaiterID.wrappingAdd(1, ordering: .relaxed).newValue
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let immediate = state.withLock { state -> Bool? in
          // Checked under the lock: a cancellation after this finds the waiter queued.
          if Task.isCancelled { return false }
          return state.acquire(host, limit: limitPerHost, waiter: (id, continuation))
        }
        if let immediate { continuation.resume(returning: immediate) }
      }
    } onCancel: {
      state.withLock { $0.removeWaiter(id, host: host) }?.resume(returning: false)
    }
  }

  private func release(_ host: String) {
    state.withLock { $0.release(host) }?.resume(returning: true)
  }

  private struct State {
    struct Host {
      var active = 0
      var peak = 0
      var waiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    var hosts: [String: Host] = [:]

    /// true: the permit is taken; nil: the waiter is queued.
    mutating func acquire(
      _ host: String, limit: Int, waiter: (id: UInt64, continuation: CheckedContinuation<Bool, Never>)
    ) -> Bool? {
      var entry = hosts[host, default: Host()]
      defer { hosts[host] = entry }
      guard entry.active < limit else {
        entry.waiters.append(waiter)
        return nil
      }
      entry.active += 1
      entry.peak = max(entry.peak, entry.active)
      return true
    }

    /// The waiter that inherits the freed permit, if any.
    mutating func release(_ host: String) -> CheckedContinuation<Bool, Never>? {
      guard var entry = hosts[host] else { return nil }
      defer { hosts[host] = entry }
      if entry.waiters.isEmpty {
        entry.active -= 1
        return nil
      }
      return entry.waiters.removeFirst().continuation
    }

    mutating func removeWaiter(_ id: UInt64, host: String) -> CheckedContinuation<Bool, Never>? {
      guard let index = hosts[host]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return hosts[host]?.waiters.remove(at: index).continuation
    }
  }
}
