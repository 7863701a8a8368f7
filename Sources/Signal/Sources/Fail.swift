/// A publisher that fails at once with an error, without emitting a value.
///
/// ```swift
/// let offline = Fail<Post, FetchError>(error: .offline)
/// do {
///   for try await post in offline { show(post) }
/// } catch {
///   print(error)  // offline
/// }
/// ```
///
/// Every subscription fails with the same error.
public struct Fail<Output, Failure: Error>: Publisher {
  public typealias Element = Output

  /// The error every subscriber receives.
  public let error: Failure

  /// Creates a publisher that fails with `error`.
  @inlinable
  public init(error: Failure) {
    self.error = error
  }

  /// Creates a publisher that fails with `error`; `outputType` says what it stands in for.
  ///
  /// ```swift
  /// let failed = Fail(outputType: Int.self, failure: FetchError.offline)
  /// ```
  @inlinable
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(error)
  }

  /// The iterator of a ``Fail``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var error: Failure?

    @inlinable
    init(_ error: Failure) {
      self.error = error
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    /// Throws the error on the first call; later calls return `nil`, as after any failure.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      guard let error else { return nil }
      self.error = nil
      throw error
    }
  }
}
