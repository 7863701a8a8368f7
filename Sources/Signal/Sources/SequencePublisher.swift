/// A publisher that emits the elements of a synchronous sequence, then finishes.
///
/// ```swift
/// for await n in [1, 2, 3].publisher { print(n) }
/// ```
///
/// Each subscription iterates the sequence from the start. Producing an element
/// never suspends, so a consumer drains it at the speed of a plain `for` loop.
///
/// Cancellation ends the stream: the iterator checks whether its task is cancelled once
/// every ``Iterator/cancellationCheckInterval`` elements, so even an endless sequence
/// (`(1...).publisher`) stops within a bounded number of elements, without paying for a
/// check on every element. A `for await` loop may therefore see up to that many more elements
/// after its task is cancelled; a `sink` sees none, because it checks before every value.
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
    /// How many elements may be produced between two checks for cancellation.
    public static var cancellationCheckInterval: Int { 1024 }

    @usableFromInline var base: Base.Iterator
    @usableFromInline var untilCancellationCheck = 0

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
      if untilCancellationCheck == 0 {
        // Checking costs a runtime call; once per interval keeps the hot path a plain loop.
        guard !Task.isCancelled else { return nil }
        untilCancellationCheck = Self.cancellationCheckInterval
      }
      untilCancellationCheck &-= 1
      return base.next()
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
