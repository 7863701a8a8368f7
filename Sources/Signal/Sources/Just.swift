/// A publisher that emits one value, then finishes.
///
/// ```swift
/// for await greeting in Just("hello") { print(greeting) }  // hello
/// ```
///
/// Every subscription receives the same value. `Just` cannot fail.
public struct Just<Output: Sendable>: Publisher {
  public typealias Element = Output
  public typealias Failure = Never

  /// The value every subscriber receives.
  public let output: Output

  /// Creates a publisher that emits `output` once, then finishes.
  @inlinable
  public init(_ output: Output) {
    self.output = output
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(output)
  }

  /// The iterator of a ``Just``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var output: Output?

    @inlinable
    init(_ output: Output) {
      self.output = output
    }

    @inlinable
    public mutating func next() async -> Output? {
      await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Output? {
      defer { output = nil }
      return output
    }
  }
}
