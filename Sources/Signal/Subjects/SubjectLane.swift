import Synchronization

/// The values sent to a subject's *lane reader*: one `.suspend` subscriber that has a ring of its own and reads it
/// without the subject's lock.
///
/// A subject with one subscriber (the commonest case: one `sink`) otherwise meets its sender at the lock for every run
/// of values the subscriber takes: the lock's cache line goes to the reader's core and back, and the sender waits
/// while the reader copies values out under it, which at one subscriber cost more than the send itself. With a lane,
/// senders still append under the subject's lock (they must be ordered among themselves and against completion), but
/// the reader takes values with two atomic loads and a store and locks only to park, to end, or to let a blocked
/// sender go. Only the first `.suspend` subscriber gets a lane; the others share the ``SubjectLog``, so a send still
/// costs one append for the log and one for the lane whatever the number of subscribers.
///
/// Each slot has one owner at a time. A sender initializes the slot at ``end`` (under the subject's lock) and then
/// publishes the new end with a release store; the reader, after an acquiring load of ``end``, moves values out of the
/// slots before it and publishes each move in ``cursor`` with a release store; a sender reuses a slot only after an
/// acquiring load of ``cursor`` shows that the reader has moved out of it. The ring has room for the subscriber's
/// capacity, and the subject blocks senders when the lane holds that many, so a sender never reaches a slot the
/// reader still owns.
@usableFromInline
final class SubjectLane<Element: Sendable>: @unchecked Sendable {
  // @unchecked: `slots` is raw memory that senders (under the subject's lock) and the one reader share, each slot
  // handed from one to the other only through the release/acquire pairs of `end` and `cursor` described above.
  // SubjectLaneTests and the TSan run of SubjectStressTests (a reader taking runs while senders fill the lane, and
  // while it is cancelled) would report a slot touched by both.
  // The fields are laid out in order, and the paddings keep four groups on cache lines of their own: the header
  // (whose reference count a retain writes), what both sides only read (`slots`, `mask`, `capacity`) with the rarely
  // written `senderWaiting`, `end` (the senders'), and `cursor` with `runEnd` (the reader's). Otherwise writing one
  // would take the others' line from the other core, as often as once per value.
  @usableFromInline let padding0: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  @usableFromInline let slots: UnsafeMutablePointer<Element>
  @usableFromInline let mask: Int
  /// The subscriber's capacity: the most values the lane holds.
  @usableFromInline let capacity: Int
  /// Set by a sender that found the lane full: once the reader has drained to its low watermark it takes the
  /// subject's lock to let that sender go. Read and written sequentially consistent against ``cursor``, so that
  /// either the sender sees the reader's progress or the reader sees the flag.
  @usableFromInline let senderWaiting = Atomic<Bool>(false)
  @usableFromInline let padding1: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  /// The position the next value is appended at; written by senders only, under the subject's lock.
  @usableFromInline let end = Atomic<Int>(0)
  @usableFromInline let padding2: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  /// The position of the next value the reader takes; written by the reader only.
  @usableFromInline let cursor = Atomic<Int>(0)
  /// The end of the run the reader is taking: the lane's end when the reader last read it. The reader's alone (an
  /// atomic only so that reading it costs no exclusivity check), kept here rather than in its iterator so that copies
  /// of the iterator (a value type) read one position and never take a slot twice.
  @usableFromInline let runEnd = Atomic<Int>(0)
  @usableFromInline let padding3: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

  /// The largest capacity that gets a lane: a ring is allocated whole, so a huge `.suspend` capacity reads the
  /// log, which grows only as far as the values actually held.
  @inlinable
  static var largestCapacity: Int { 1024 }

  @inlinable
  init(capacity: Int) {
    precondition(capacity >= 1 && capacity <= Self.largestCapacity, "a lane's capacity out of range")
    var size = 1
    while size < capacity { size <<= 1 }
    slots = .allocate(capacity: size)
    mask = size - 1
    self.capacity = capacity
  }

  deinit {
    // Both owners are gone (the subject's state and the reader's iterator): what is left between the cursor the
    // reader published and the end is still initialized.
    var position = cursor.load(ordering: .acquiring)
    let stop = end.load(ordering: .acquiring)
    while position < stop {
      (slots + (position & mask)).deinitialize(count: 1)
      position += 1
    }
    slots.deallocate()
  }

  /// How many values the lane holds, as the reader sees it: its own cursor is exact, and the end is at least what the
  /// senders had appended when the reader last took the subject's lock.
  @inlinable
  var count: Int { end.load(ordering: .relaxed) - cursor.load(ordering: .relaxed) }

  /// Whether the lane has drained to its low watermark (half the capacity), where a sender it held back may go: the
  /// reader's check before it takes the lock, where ``SubjectSubscriber/drainedBelowWatermark(logEnd:inLane:)``
  /// decides.
  @inlinable
  var hasDrainedToLowWatermark: Bool { count <= capacity / 2 }

  /// Appends `value` (a sender, under the subject's lock, with room in the lane); returns the new end.
  @inlinable
  func append(_ value: Element) -> Int {
    let position = end.load(ordering: .relaxed)
    (slots + (position & mask)).initialize(to: value)
    end.store(position + 1, ordering: .releasing)
    return position + 1
  }

  /// Moves out the value at `position` (the reader, below an end it has loaded) and publishes the slot as free.
  @inlinable
  func take(at position: Int) -> Element {
    let value = (slots + (position & mask)).move()
    cursor.store(position + 1, ordering: .releasing)
    return value
  }

  // MARK: The reader's run

  /// Whether the run the reader read holds another value.
  @inlinable
  var hasValueInRun: Bool { cursor.load(ordering: .relaxed) < runEnd.load(ordering: .relaxed) }

  /// The next value of the run (the reader, after ``hasValueInRun``).
  @inlinable
  func takeInRun() -> Element {
    take(at: cursor.load(ordering: .relaxed))
  }

  /// Reads the lane's end: the values up to it are the reader's next run. Returns how many it holds.
  @inlinable
  func startRun() -> Int {
    let end = end.load(ordering: .acquiring)
    runEnd.store(end, ordering: .relaxed)
    return end - cursor.load(ordering: .relaxed)
  }

  /// Ends the run where the reader is (it took a value under the lock, or stopped).
  @inlinable
  func endRun() {
    runEnd.store(cursor.load(ordering: .relaxed), ordering: .relaxed)
  }
}
