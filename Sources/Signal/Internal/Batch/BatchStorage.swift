/// The shared state of a many-producer subscription whose consumer drains a
/// ``ConsumerBatch``: the state machine behind a ``Lock``, and the producer task that the
/// first demand starts (``runProducers``).
///
/// The extension makes the consumer's moves the same way for every such operator: refilling
/// its batch or parking it, starting the producers, and ending, all through the
/// ``SubscriptionStorage`` contract.
@usableFromInline
protocol BatchStorage<Element, Failure>: SubscriptionStorage where StateMachine: BatchStateMachine<Element, Failure> {
  associatedtype Element
  associatedtype Failure: Error

  /// Runs every producer; returns when all have stopped.
  var runProducers: @Sendable (Self) async -> Void { get }
}

extension BatchStorage {
  // MARK: Producers

  /// Parks a producer until `decide` (run under the lock) says it may go on: `decide`
  /// returns `false` when it need not wait.
  @inlinable
  func waitForRoom(_ decide: (inout StateMachine, Waiter) -> Bool) async {
    await park(isolation: nil, decide)
  }

  // MARK: Consumer

  /// Tells the producers that the consumer has used `count` more elements of its batch.
  @inlinable
  func reportConsumed(_ count: Int) {
    wake(state.withLock { $0.consumed(count) })
  }

  /// Fills the consumer's empty `batch`, suspending until there is something to deliver.
  /// Returns `false` at the end of the stream, and when the consuming task is cancelled
  /// (the subscription is then cancelled).
  ///
  /// However the stream ends (finished, failed, or cancelled), this returns only once the
  /// producer task has returned: every upstream the producers pulled has seen its
  /// cancellation through, so work such as a request holding a connection or a permit never
  /// outlives the consumer's loop.
  @inlinable
  func refill(_ batch: inout ConsumerBatch<Element>, isolation actor: isolated (any Actor)?) async throws(Failure)
    -> Bool
  {
    var consumed = batch.takeUnreported()
    var yielded = false
    if batch.tookFew {
      // A consumer faster than its producers: see `yieldsAfterFewValues`.
      batch.tookFew = false
      await Task.yield()
    }
    while true {
      if Task.isCancelled {
        cancel()
        await batch.producers.take()?.value
        return false
      }
      let action = state.withLock { $0.refill(&batch.elements, consumed: consumed) }
      consumed = 0
      switch action {
      case .startProducers:
        batch.producers = spawn(runProducers) { $0.adopt($1) }
      case .deliver(let woken):
        wake(woken)
        batch.tookFew = StateMachine.yieldsAfterFewValues && batch.elements.count < StateMachine.fewValues
        return true
      case .suspend(let woken):
        wake(woken)
        if StateMachine.yieldsBeforeParking && !yielded {
          yielded = true
          await Task.yield()
          continue
        }
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      case .finish(let effects):
        perform(effects)
        await batch.producers.take()?.value
        return false
      case .fail(let error, let effects):
        perform(effects)
        await batch.producers.take()?.value
        throw error
      }
    }
  }
}
