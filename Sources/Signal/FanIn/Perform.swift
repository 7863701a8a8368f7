extension Publishers {
  /// A publisher that performs one ``Performable`` item per subscription. See ``Performable/publisher``.
  public struct Perform<Work: Performable>: Publisher {
    public typealias Output = Work.Output
    public typealias Element = Work.Output
    public typealias Failure = Work.Failure

    public let work: Work

    @inlinable
    public init(_ work: Work) {
      self.work = work
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(work: work)
    }

    /// The iterator of a ``Perform``: performs the work on the first `next()`.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let work: Work
      @usableFromInline var performed = false

      @inlinable
      init(work: Work) {
        self.work = work
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      /// Performs the work and returns its output, or `nil` on later calls. A task cancelled
      /// before the work starts gets `nil` without performing it.
      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard !performed else { return nil }
        performed = true
        guard !Task.isCancelled else { return nil }
        return try await work.perform()
      }
    }
  }
}
