import Synchronization

/// The values of a subject as seen by one subscriber with its own buffering policy.
///
/// Returned by `values(buffering:)` on every subject. Each iteration (each
/// `makeAsyncIterator()`) is a new subscription, registered at once: every value sent
/// after the iterator exists reaches it.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// Task { for await value in subject.values(buffering: .dropOldest(8)) { render(value) } }
/// ```
///
/// The subscription ends when the iterator is dropped, when its task is cancelled (the
/// stream then returns `nil`), or after the subject's completion has been delivered.
public struct SubjectValues<Output: Sendable, Failure: Error>: Publisher {
  public typealias Element = Output

  @usableFromInline let storage: SubjectStorage<Output, Failure>
  /// The buffering policy of every subscription made from this publisher.
  public let policy: BufferingPolicy

  @inlinable
  init(storage: SubjectStorage<Output, Failure>, policy: BufferingPolicy) {
    self.storage = storage
    self.policy = policy
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let (token, lane, replayed) = storage.subscribe(policy: policy)
    return Iterator(SubscriptionLifetime(storage, subscriber: token), policy: policy, lane: lane, replayed: replayed)
  }

  /// One subscriber's iterator. Values already buffered are returned without suspending.
  ///
  /// Dropping it unsubscribes, which discards its buffer and releases a sender waiting for
  /// room in it.
  public struct Iterator: _HoldingIterator {
    @usableFromInline let subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>
    /// Values taken from the subscriber's buffer in one lock and returned one by one without it.
    @usableFromInline var batch = RingBuffer<Output>()
    /// After how many more values of `batch` the subscriber reaches its low watermark (0: no report due).
    @usableFromInline var reportAfter = 0

    /// The subject's lane, when this is its lane reader (see ``SubjectLane``): values are taken from it without the
    /// subject's lock, in runs (the lane keeps the reader's position).
    @usableFromInline let lane: SubjectLane<Output>?
    /// Replayed values still waiting in the subscriber's own buffer, which come before the lane's (taken under the lock).
    @usableFromInline var replayed: Int

    /// Taking fewer values than this at once means the consumer is catching up with a sender that
    /// is still sending (a quarter of a `.suspend` buffer; 0 for a dropping policy, which takes one
    /// value at a time by design).
    @usableFromInline let fewValues: Int
    /// Whether the last values came in a small run (see ``next(isolation:)``).
    @usableFromInline var tookFew = false

    @inlinable
    init(
      _ subscription: SubscriptionLifetime<SubjectStorage<Output, Failure>>, policy: BufferingPolicy,
      lane: SubjectLane<Output>?, replayed: Int
    ) {
      self.subscription = subscription
      self.lane = lane
      self.replayed = replayed
      if case .suspend(let capacity) = policy { fewValues = capacity / 4 } else { fewValues = 0 }
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      if !batch.isEmpty { return popHeld(cancelled: Task.isCancelled) }
      // (Unwrapping `lane` in place once it is known to be set, unlike binding it, costs no retain per value.)
      if lane != nil, lane!.hasValueInRun { return takeFromLane(lane!, cancelled: Task.isCancelled) }
      if tookFew {
        // A consumer faster than its sender would come back for one or two values at a time and
        // meet the sender at the subject's lock on every value, each taking the lock's cache line
        // from the other (at one subscriber, most of the cost of a delivery). Letting other work
        // run first lets the sender go on alone and the values come in runs; a sender that has
        // stopped costs this one yield before the consumer parks. Not on an actor: there a yield is
        // a trip through the global executor and back (two thread hand-overs, far dearer than the
        // lock it spares), and a sender isolated to the same actor gets no turn from it it would not
        // get anyway (a sender and 16 sinks on the main actor: 124–128 ns a delivery, 195–211 with the yield).
        tookFew = false
        if actor == nil { await Task.yield() }
      }
      // The lane reader reads a new run without the lock when there is one. (Both lane steps are synchronous and out
      // of line: an `await` more here would cost every other subscriber an executor check per run.)
      if lane != nil, let value = startLaneRun() { return value }
      let replaying = replayed > 0
      let value = try await subscription.storage.next(
        subscription, batchingInto: &batch, reportAfter: &reportAfter, isolation: actor)
      if lane != nil { tookValueUnderLock() }
      // Replayed values are all there at once: no reason to let a sender go first between them.
      tookFew = value != nil && batch.count + 1 < fewValues && !replaying
      return value
    }

    /// The lane reader, its run read: reports its progress, then reads the lane's end, and takes the first value of
    /// the new run; `nil` when the lane is empty (or replayed values still come first), for the lock to decide.
    @inlinable
    @inline(never)
    mutating func startLaneRun() -> Output? {
      guard let lane, replayed == 0 else { return nil }
      reportProgress(lane)
      let run = lane.startRun()
      guard run > 0 else { return nil }
      tookFew = run < fewValues
      return takeFromLane(lane, cancelled: Task.isCancelled)
    }

    /// The lane reader took a value under the lock (a replayed one, or the lane's first after it parked): the lane's
    /// cursor may have moved there.
    @inlinable
    @inline(never)
    mutating func tookValueUnderLock() {
      if replayed > 0 { replayed -= 1 }
      lane?.endRun()
    }

    @inlinable
    public mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Output) -> Void) -> Bool {
      if lane != nil { return deliverLaneRun(checking: task, to: receive) }
      while !batch.isEmpty {
        guard let value = popHeld(cancelled: task.isCancelled) else { return false }
        receive(value)
      }
      return true
    }

    /// ``_deliverHeld(checking:to:)`` of the lane reader: the rest of the run it read. Out of line, so that the
    /// batch's loop below stays small enough to be inlined into `sink`'s.
    @inlinable
    @inline(never)
    mutating func deliverLaneRun(checking task: UnsafeCurrentTask, to receive: (Output) -> Void) -> Bool {
      guard let lane else { return true }
      while lane.hasValueInRun {
        guard let value = takeFromLane(lane, cancelled: task.isCancelled) else { return false }
        receive(value)
      }
      return true
    }

    /// The next value of the lane's run (callers check that there is one); `nil` when the task is cancelled,
    /// which ends the subscription (the values left in the lane go with it). Out of line, like the other lane steps:
    /// `next(isolation:)` must stay small enough to be inlined into a `for await` loop, or every value would cost an
    /// async call and its executor check (measured: a lone iterating reader 2–3x slower).
    @inlinable
    @inline(never)
    func takeFromLane(_ lane: SubjectLane<Output>, cancelled: Bool) -> Output? {
      guard !cancelled else {
        subscription.storage.cancel(subscription.subscriber)
        lane.endRun()
        return nil
      }
      let value = lane.takeInRun()
      // A sender waiting for room goes as soon as the lane has drained to its low watermark, as it would for a
      // reader that takes its values under the lock. A plain load here is enough for that; the sequentially
      // consistent pair at the end of the run (`reportProgress`) is what makes sure the flag is never missed.
      if lane.senderWaiting.load(ordering: .relaxed), lane.hasDrainedToLowWatermark {
        subscription.storage.laneDrained(subscription.subscriber)
      }
      return value
    }

    /// At the end of a run: publishes the cursor against a sender's flag (both sequentially consistent, see
    /// ``SubjectState/findWhetherLaneIsFull()``) and, if a sender waits for room and the lane has drained to
    /// its low watermark, lets it go.
    @inlinable
    func reportProgress(_ lane: SubjectLane<Output>) {
      // The cursor again (the reader is its only writer, so the value is its own), sequentially consistent this time.
      lane.cursor.store(lane.cursor.load(ordering: .relaxed), ordering: .sequentiallyConsistent)
      guard lane.senderWaiting.load(ordering: .sequentiallyConsistent), lane.hasDrainedToLowWatermark else { return }
      subscription.storage.laneDrained(subscription.subscriber)
    }

    /// The next value of the batch (callers check that it holds one); `nil` when the task is
    /// cancelled: as for a buffered value, a cancelled task ends the subscription instead.
    @inlinable
    mutating func popHeld(cancelled: Bool) -> Output? {
      guard !cancelled else {
        batch.removeAll()
        subscription.storage.cancel(subscription.subscriber)
        return nil
      }
      guard let value = batch.popFirst() else { return nil }
      if reportAfter > 0 {
        reportAfter -= 1
        if reportAfter == 0 {
          subscription.storage.consumedFromBatch(subscription.subscriber, remaining: batch.count)
        }
      }
      return value
    }
  }
}
