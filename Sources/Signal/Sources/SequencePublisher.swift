/// A publisher that emits the elements of a synchronous sequence, then finishes.
///
/// ```swift
/// for await n in [1, 2, 3].publisher { print(n) }
/// ```
///
/// Each subscription iterates the sequence from the start. Producing an element
/// never suspends, so a consumer drains it at the speed of a plain `for` loop.
///
/// Cancellation ends the stream: the iterator checks whether its task is cancelled before
/// every element, so even an endless sequence (`(1...).publisher`) delivers nothing once its
/// consuming task is cancelled, and stays finished afterwards.
public struct SequencePublisher<Base: Sequence & Sendable>: Publisher {
  public typealias Output = Base.Element
  public typealias Element = Base.Element
  public typealias Failure = Never

  /// The sequence whose elements are published.
  public let sequence: Base

  /// Creates a publisher of `sequence`'s elements.
  @inlinable
  public init(_ sequence: Base) {
    self.sequence = sequence
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence.makeIterator())
  }

  /// The iterator of a ``SequencePublisher``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.Iterator?

    @inlinable
    init(_ base: Base.Iterator) {
      self.base = base
    }

    @inlinable
    public mutating func next() async -> Base.Element? {
      await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Base.Element? {
      guard !Task.isCancelled, let element = base?.next() else {
        base = nil
        return nil
      }
      return element
    }
  }
}

extension Sequence where Self: Sendable {
  /// A publisher that emits this sequence's elements, then finishes.
  ///
  /// ```swift
  /// let total = await (1...10).publisher.reduce(0, +).firstValue()  // 55
  /// ```
  @inlinable
  public var publisher: SequencePublisher<Self> {
    SequencePublisher(self)
  }
}
