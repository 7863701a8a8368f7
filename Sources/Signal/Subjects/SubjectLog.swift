/// The values a subject has sent that its `.suspend` subscribers have not all read: one shared
/// log, appended to once per send, which each subscriber reads at its own cursor.
///
/// A send costs one append whatever the number of subscribers, instead of one append into each
/// subscriber's own buffer (K buffers and K cache lines per send at K subscribers). Positions
/// are absolute (they count every value appended since the subject was made), so a cursor
/// stays valid while the log wraps around and grows; the values before the slowest cursor are
/// discarded by ``discard(upTo:)``.
@usableFromInline
struct SubjectLog<Element> {
  /// A power of two (or 0), so that a position maps to its slot with a mask.
  @usableFromInline var storage: ContiguousArray<Element?> = []
  /// The position of the oldest value still held.
  @usableFromInline var start = 0
  /// The position the next value is appended at.
  @usableFromInline var end = 0

  @inlinable
  init() {}

  @inlinable var count: Int { end - start }

  @inlinable
  mutating func append(_ element: Element) {
    if end - start == storage.count { grow() }
    storage[end & (storage.count - 1)] = element
    end += 1
  }

  /// The value at `position`, which must lie in `start..<end`.
  @inlinable
  subscript(position: Int) -> Element {
    precondition(position >= start && position < end, "a subject log position outside the values held")
    guard let element = storage[position & (storage.count - 1)] else {
      preconditionFailure("a subject log slot inside the values held is empty")
    }
    return element
  }

  /// Lets go of every value before `position` (no subscriber will read them again).
  @inlinable
  mutating func discard(upTo position: Int) {
    let stop = Swift.min(position, end)
    guard stop > start else { return }
    let mask = storage.count - 1
    while start < stop {
      storage[start & mask] = nil
      start += 1
    }
  }

  /// Lets go of every value; positions keep counting from ``end``.
  @inlinable
  mutating func removeAll() {
    discard(upTo: end)
  }

  @usableFromInline
  mutating func grow() {
    let capacity = Swift.max(storage.count * 2, 16)
    var bigger = ContiguousArray<Element?>(repeating: nil, count: capacity)
    let oldMask = storage.count - 1
    var position = start
    while position < end {
      bigger[position & (capacity - 1)] = storage[position & oldMask].take()
      position += 1
    }
    storage = bigger
  }
}

extension SubjectLog: Sendable where Element: Sendable {}
