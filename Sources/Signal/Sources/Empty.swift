/// A publisher that emits nothing and finishes at once.
///
/// ```swift
/// let nothing = Empty<Int, Never>()
/// for await value in nothing { print(value) }  // never runs
/// ```
///
/// Useful where an API needs a publisher but there is nothing to say, for example
/// as the result of ``Publisher/catch(_:)`` that swallows an error.
public struct Empty<Output, Failure: Error>: Publisher {
  public typealias Element = Output

  /// Creates a publisher that finishes without emitting a value.
  @inlinable
  public init() {}

  /// Creates a publisher that finishes without emitting a value; the types say what it
  /// stands in for.
  ///
  /// ```swift
  /// let placeholder = Empty(outputType: String.self, failureType: FetchError.self)
  /// ```
  @inlinable
  public init(outputType: Output.Type, failureType: Failure.Type) {}

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator()
  }

  /// The iterator of an ``Empty``.
  public struct Iterator: AsyncIteratorProtocol {
    @inlinable
    init() {}

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      nil
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      nil
    }
  }
}
