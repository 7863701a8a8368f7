/// The continuations one send must wake, gathered under the lock and resumed after it.
/// Backed by caller-provided (stack) memory, so a send that wakes subscribers does not
/// allocate unless more than that many are parked at once.
@usableFromInline
struct SubjectWakeList {
  @usableFromInline let inline: UnsafeMutableBufferPointer<Waiter>
  @usableFromInline var inlineCount = 0
  @usableFromInline var overflow: [Waiter] = []

  @inlinable
  init(_ inline: UnsafeMutableBufferPointer<Waiter>) {
    self.inline = inline
  }

  @inlinable var isEmpty: Bool { inlineCount == 0 }
  @inlinable var count: Int { inlineCount + overflow.count }

  @inlinable
  mutating func append(_ waiter: Waiter) {
    if inlineCount < inline.count {
      inline.initializeElement(at: inlineCount, to: waiter)
      inlineCount += 1
    } else {
      overflow.append(waiter)
    }
  }

  /// Resumes every gathered continuation; call only after releasing the lock.
  @inlinable
  func resumeAll() {
    for index in 0..<inlineCount { inline[index].resume() }
    for waiter in overflow { waiter.resume() }
  }
}
