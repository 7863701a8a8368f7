/// A publisher whose values all exist when it is subscribed: iterating it never waits and always ends
/// (`Just`, `Empty`, `Fail`, a collection's publisher, and `setFailureType`, `map` and `filter` over
/// them). Its iterator is an ``_ImmediateIterator``: its events can be taken synchronously.
///
/// Combine delivers such a publisher while it is being subscribed, and Signal does too: an operator
/// takes what it can of an immediate upstream when its own subscriber subscribes (`combineLatest`'s
/// other side has its value, `flatMap` and `switchToLatest` subscribe the inner publishers of an
/// immediate outer one, `withLatestFrom` and `drop(untilOutputFrom:)` see their companion's value)
/// before `sink` returns, and `flatMap` runs an immediate inner publisher in the task that subscribed it.
///
/// Not for publishers of any sequence, which may be endless: only of collections.
///
/// ```swift
/// numbers.flatMap(maxPublishers: .max(8)) { Just($0 * 2) }  // no worker task: the puller runs each Just
/// ```
public protocol _ImmediatePublisher: Publisher where AsyncIterator: _ImmediateIterator {}

/// The iterator of an ``_ImmediatePublisher``: its next event is there now.
public protocol _ImmediateIterator: AsyncIteratorProtocol {
  /// The next value, the end (`nil`) or the failure, synchronously.
  mutating func _nextNow() throws(Failure) -> Element?
}

extension Just: _ImmediatePublisher {}
extension Empty: _ImmediatePublisher {}
extension Fail: _ImmediatePublisher {}
extension SequencePublisher: _ImmediatePublisher where Base: Collection {}
extension Publishers.SetFailureType: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
extension Publishers.Map: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
extension Publishers.Filter: _ImmediatePublisher where Upstream: _ImmediatePublisher {}

extension Just.Iterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() -> Output? {
    defer { output = nil }
    return output
  }
}

extension Empty.Iterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() throws(Failure) -> Output? { nil }
}

extension Fail.Iterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() throws(Failure) -> Output? {
    guard let error else { return nil }
    self.error = nil
    throw error
  }
}

extension SequencePublisher.Iterator: _ImmediateIterator where Base: Collection {
  @inlinable
  public mutating func _nextNow() -> Base.Element? {
    base.next()
  }
}

extension Publishers.SetFailureType.Iterator: _ImmediateIterator where Upstream.AsyncIterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() throws(Failure) -> Upstream.Output? {
    upstream._nextNow()
  }
}

extension Publishers.Map.Iterator: _ImmediateIterator where Upstream.AsyncIterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() throws(Failure) -> Output? {
    guard let value = try upstream._nextNow() else { return nil }
    return transform(value)
  }
}

extension Publishers.Filter.Iterator: _ImmediateIterator where Upstream.AsyncIterator: _ImmediateIterator {
  @inlinable
  public mutating func _nextNow() throws(Failure) -> Upstream.Output? {
    while let value = try upstream._nextNow() {
      if isIncluded(value) { return value }
    }
    return nil
  }
}

/// One event taken synchronously from an ``_ImmediateIterator``.
@usableFromInline
enum ImmediateEvent<Element, Failure: Error> {
  case value(Element)
  case finished
  case failed(Failure)
}

extension AsyncIteratorProtocol {
  /// Whether this is an immediate publisher's iterator, whose events can be taken now.
  @inlinable
  static var isImmediate: Bool { Self.self is any _ImmediateIterator.Type }

  /// Takes events now, while `more()` allows, handing each to `receive` (the end included, after
  /// which nothing more is taken). Takes nothing and returns `false` when this is not an
  /// immediate publisher's iterator.
  @inlinable
  mutating func takeNow(while more: () -> Bool, _ receive: (ImmediateEvent<Element, Failure>) -> Void) -> Bool {
    guard var immediate = self as? any _ImmediateIterator else { return false }
    immediate.takeNow(as: Element.self, Failure.self, while: more, receive)
    // The same type, opened and given back: the cast cannot fail.
    self = immediate as! Self
    return true
  }
}

extension _ImmediateIterator {
  /// ``AsyncIteratorProtocol/takeNow(while:_:)`` once the iterator's type is known to be immediate;
  /// `E` and `F` are its own `Element` and `Failure` (the caller's names for them).
  @inlinable
  mutating func takeNow<E, F: Error>(
    as: E.Type, _: F.Type, while more: () -> Bool, _ receive: (ImmediateEvent<E, F>) -> Void
  ) {
    while more() {
      do throws(Failure) {
        guard let value = try _nextNow() else {
          receive(.finished)
          return
        }
        receive(.value(value as! E))
      } catch {
        receive(.failed(error as! F))
        return
      }
    }
  }
}
