/// Parked tasks to resume once a lock has been released.
///
/// The first two are held inline, so the common wake-ups (a consumer; a consumer and a
/// producer; a timer) allocate nothing; more spill into an array.
@usableFromInline
struct Wakeups: Sendable {
  @usableFromInline var first: Waiter?
  @usableFromInline var second: Waiter?
  @usableFromInline var more: [Waiter] = []

  @inlinable
  init() {}

  @inlinable
  init(_ waiter: Waiter?) {
    first = waiter
  }

  @inlinable
  init(_ waiters: [Waiter]) {
    append(contentsOf: waiters)
  }

  @inlinable
  var isEmpty: Bool { first == nil }

  @inlinable
  var count: Int {
    guard first != nil else { return 0 }
    return second == nil ? 1 : 2 &+ more.count
  }

  @inlinable
  mutating func append(_ waiter: Waiter?) {
    guard let waiter else { return }
    if first == nil {
      first = waiter
    } else if second == nil {
      second = waiter
    } else {
      more.append(waiter)
    }
  }

  @inlinable
  mutating func append(contentsOf waiters: [Waiter]) {
    for waiter in waiters { append(waiter) }
  }

  @inlinable
  mutating func append(contentsOf other: Wakeups) {
    append(other.first)
    append(other.second)
    append(contentsOf: other.more)
  }

  /// Resumes every waiter; call only after releasing the lock that decided it.
  @inlinable
  func resumeAll() {
    first?.resume()
    second?.resume()
    for waiter in more { waiter.resume() }
  }
}
