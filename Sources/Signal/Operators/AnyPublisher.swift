extension Publisher {
  /// Hides the publisher's concrete type behind ``AnyPublisher``, for API boundaries.
  ///
  /// ```swift
  /// var posts: AnyPublisher<Post, FetchError> {
  ///   Deferred { fetchPosts() }.retry(2).eraseToAnyPublisher()
  /// }
  /// ```
  ///
  /// Erasing costs one dynamic call per value; keep the concrete types inside hot pipelines
  /// and erase at the edge.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

/// A publisher whose concrete type is hidden, with the same values and failure.
///
/// ```swift
/// let numbers: AnyPublisher<Int, Never> = [1, 2, 3].publisher.map { $0 * 2 }.eraseToAnyPublisher()
/// ```
///
/// It stores the wrapped publisher as an existential and, per subscription, its iterator
/// as an existential: one allocation per subscription at most, no allocation per value.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  public typealias Element = Output

  @usableFromInline let base: any Publisher<Output, Failure>

  /// Wraps `publisher`. Wrapping an `AnyPublisher` returns it unchanged, never a second layer.
  @inlinable
  public init<Base: Publisher>(_ publisher: Base) where Base.Output == Output, Base.Failure == Failure {
    if let erased = publisher as? AnyPublisher {
      self = erased
    } else {
      base = publisher
    }
  }

  /// Returns `self`: it is already erased.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    self
  }

  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base.makeAsyncIterator())
  }

  /// The iterator of an ``AnyPublisher``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: any AsyncIteratorProtocol<Output, Failure>

    @inlinable
    init(_ base: any AsyncIteratorProtocol<Output, Failure>) {
      self.base = base
    }

    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      try await base.next(isolation: actor)
    }
  }
}
