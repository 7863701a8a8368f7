/// An iterator that may already hold values it took in one go, which a consumer calling a closure
/// per value (`sink`) can take synchronously instead of one `await next()` each.
///
/// A subject's `.suspend` subscriber takes up to half its buffer under one lock; its iterator then
/// returns them one by one. Each `next()` is an async call and each `Task.isCancelled` looks the
/// task up again (a retain and a release), which at one subscriber cost more than the subject
/// itself. `sink` hands the held values to its closure here, asking the task for cancellation
/// through one ``UnsafeCurrentTask`` that lives only as long as this call.
///
/// ```swift
/// while let value = try await iterator.next(isolation: isolation) {
///   receiveValue(value)
///   guard iterator.deliverHeld(to: receiveValue) else { return }  // false: the task is cancelled
/// }
/// ```
public protocol _HoldingIterator: AsyncIteratorProtocol {
  /// Hands the values held now to `receive`, in order, checking `task` for cancellation right
  /// before each: returns `false` as soon as it is cancelled (the subscription then ends, as a
  /// cancelled `next()` ends it), `true` once nothing is held.
  mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Element) -> Void) -> Bool
}

extension AsyncIteratorProtocol {
  /// ``_HoldingIterator/_deliverHeld(checking:to:)`` when this is a holding iterator; otherwise
  /// nothing is held and it returns `true`. The type test is folded away when the caller is
  /// specialized.
  @inlinable
  mutating func deliverHeld(to receive: (Element) -> Void) -> Bool {
    guard let holding = Self.self as? any _HoldingIterator.Type else { return true }
    return holding.deliverHeld(of: &self, to: receive)
  }
}

extension _HoldingIterator {
  /// Opens `iterator`, whose type is `Self` (the caller tested it), as `Self` in place, with no
  /// copy into an existential box: a box per batch would cost what batching saves.
  @inlinable
  static func deliverHeld<Iterator: AsyncIteratorProtocol>(
    of iterator: inout Iterator, to receive: (Iterator.Element) -> Void
  ) -> Bool {
    precondition(Iterator.self == Self.self, "deliverHeld(of:to:) opened as another type")
    return withUnsafeMutablePointer(to: &iterator) { pointer in
      // Binding memory to the type it already holds (Iterator is Self) changes nothing.
      pointer.withMemoryRebound(to: Self.self, capacity: 1) { holding in
        withUnsafeCurrentTask { task in
          // Outside a task (never, in `sink`) there is no cancellation to check: take nothing.
          guard let task else { return true }
          return holding.pointee._deliverHeld(checking: task) { receive($0 as! Iterator.Element) }
        }
      }
    }
  }
}

// `map`, `filter` and `compactMap` hold what their upstream holds: `subject.map { … }.sink { … }` takes a run as
// the subject's own `sink` does, each value still checked for cancellation before it goes through the closure.

extension Publishers.Map.Iterator: _HoldingIterator where Upstream.AsyncIterator: _HoldingIterator {
  @inlinable
  public mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Output) -> Void) -> Bool {
    // The closure is copied out: reading `self` inside it would overlap the access to `upstream`.
    let transform = transform
    return upstream._deliverHeld(checking: task) { receive(transform($0)) }
  }
}

extension Publishers.Filter.Iterator: _HoldingIterator where Upstream.AsyncIterator: _HoldingIterator {
  @inlinable
  public mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Upstream.Output) -> Void) -> Bool {
    let isIncluded = isIncluded
    return upstream._deliverHeld(checking: task) { if isIncluded($0) { receive($0) } }
  }
}

extension Publishers.CompactMap.Iterator: _HoldingIterator where Upstream.AsyncIterator: _HoldingIterator {
  @inlinable
  public mutating func _deliverHeld(checking task: UnsafeCurrentTask, to receive: (Output) -> Void) -> Bool {
    let transform = transform
    return upstream._deliverHeld(checking: task) { if let transformed = transform($0) { receive(transformed) } }
  }
}
