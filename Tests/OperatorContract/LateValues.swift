import Signal

/// Subscribes to `publisher` (then calls `subscribed`), drains it to its end, and returns how many
/// values arrived after the consuming task was already cancelled: what "cancel means stop" bounds.
///
/// ```swift
/// let consumer = Task { await valuesAfterCancellation(of: row.apply(upstream, clock)) }
/// consumer.cancel()
/// #expect(await consumer.value == 0)
/// ```
public func valuesAfterCancellation<P: Publisher>(of publisher: P, subscribed: () -> Void = {}) async -> Int {
  var iterator = publisher.makeAsyncIterator()
  subscribed()
  var late = 0
  while true {
    let wasCancelled = Task.isCancelled
    guard (try? await iterator.next()) ?? nil != nil else { break }
    if wasCancelled { late += 1 }
  }
  return late
}
