/// A growable FIFO ring buffer: amortized O(1) append and removeFirst, and no
/// allocation once it has reached its working size (the storage is reused). A buffer made
/// with no minimum capacity allocates nothing until its first append, so an idle
/// subscriber costs no buffer memory.
///
/// Buffers in Signal are bounded by their owners; this type only stores.
@usableFromInline
struct RingBuffer<Element> {
  @usableFromInline var storage: ContiguousArray<Element?>
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable
  init(minimumCapacity: Int = 0) {
    storage = minimumCapacity > 0 ? ContiguousArray(repeating: nil, count: minimumCapacity) : []
  }

  @inlinable var isEmpty: Bool { count == 0 }
  @inlinable var capacity: Int { storage.count }

  @inlinable
  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    var tail = head + count
    if tail >= storage.count { tail -= storage.count }
    storage[tail] = element
    count += 1
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count { head = 0 }
    count -= 1
    return element
  }

  @inlinable
  var first: Element? {
    count > 0 ? storage[head] : nil
  }

  @inlinable
  mutating func removeAll() {
    while popFirst() != nil {}
    head = 0
  }

  /// Removes up to `limit` elements from the front, in order (all of them by default).
  @usableFromInline
  mutating func removeFirst(upTo limit: Int = .max) -> [Element] {
    let taken = Swift.min(Swift.max(0, limit), count)
    var elements: [Element] = []
    elements.reserveCapacity(taken)
    for _ in 0..<taken {
      if let element = popFirst() { elements.append(element) }
    }
    return elements
  }

  @inlinable
  mutating func grow() {
    grow(to: Swift.max(storage.count * 2, 4))
  }

  /// Grows once so that `capacity` elements fit (at least doubling, so that reserving a little more
  /// each time stays amortized O(1)): a batch that will hold a known number of values allocates once,
  /// not at 4, 8, 16 and 32.
  @inlinable
  mutating func reserve(_ capacity: Int) {
    if storage.count < capacity { grow(to: Swift.max(capacity, storage.count * 2)) }
  }

  @inlinable
  mutating func grow(to capacity: Int) {
    var bigger = ContiguousArray<Element?>(repeating: nil, count: capacity)
    for offset in 0..<count {
      var index = head + offset
      if index >= storage.count { index -= storage.count }
      bigger[offset] = storage[index].take()
    }
    storage = bigger
    head = 0
  }
}

extension RingBuffer: Sendable where Element: Sendable {}
