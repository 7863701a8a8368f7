/// Shared state that a subscription ends by cancelling.
@usableFromInline
protocol CancellableStorage: AnyObject, Sendable {
  /// Ends the subscription: stops its background work and wakes everything parked.
  func cancel()
}

/// The shared state of a concurrent operator's subscription: its state machine behind a
/// ``Lock``. Continuations are parked under the lock and resumed only after it is released,
/// and the ``Census`` counts every park and resume.
@usableFromInline
protocol OperatorStorage: CancellableStorage {
  associatedtype StateMachine: Sendable

  var state: Lock<StateMachine> { get }
  var census: CensusScope? { get }
}

extension OperatorStorage {
  /// Parks `continuation` if `park` (run under the lock) takes it; otherwise resumes it at
  /// once (the wait is over: what it waited for came, or the subscription ended).
  @usableFromInline
  func park(
    _ continuation: UnsafeContinuation<Void, Never>,
    _ park: (inout StateMachine, UnsafeContinuation<Void, Never>) -> Bool
  ) {
    let parked = state.withLock { state in
      let parked = park(&state, continuation)
      if parked { census.continuationParked() }
      return parked
    }
    if !parked { continuation.resume() }
  }

  @usableFromInline
  func resume(_ continuation: UnsafeContinuation<Void, Never>) {
    census.continuationResumed()
    continuation.resume()
  }

  @usableFromInline
  func resume(_ continuations: [UnsafeContinuation<Void, Never>]) {
    guard !continuations.isEmpty else { return }
    census.continuationResumed(continuations.count)
    for continuation in continuations { continuation.resume() }
  }
}

/// Owned by an iterator only, so its `deinit` tells the storage that the consumer is gone.
///
/// The storage itself cannot notice: the background work it runs keeps it alive.
@usableFromInline
final class SubscriptionLifetime<Storage: CancellableStorage>: Sendable {
  @usableFromInline let storage: Storage

  @usableFromInline
  init(_ storage: Storage) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
