extension Publisher {
  /// Publishes only the value at `index` (counting from zero), then finishes.
  ///
  /// ```swift
  /// for await letter in ["a", "b", "c"].publisher.output(at: 1) { print(letter) }  // b
  /// ```
  ///
  /// It finishes as soon as it has published that value, releasing the upstream without
  /// pulling another (Combine finishes on the next upstream value); an upstream that ends
  /// first ends the stream the same way. A negative index publishes nothing.
  @inlinable
  public func output(at index: Int) -> Publishers.Output<Self> {
    Publishers.Output(upstream: self, range: index..<(index == .max ? index : index + 1))
  }

  /// Publishes only the values whose indices (counting from zero) are in `range`, then
  /// finishes.
  ///
  /// ```swift
  /// for await n in (10...).publisher.output(in: 2..<4) { print(n) }  // 12, 13
  /// for await n in (10...20).publisher.output(in: 8...) { print(n) }  // 18, 19, 20
  /// ```
  ///
  /// See ``Publisher/output(at:)`` for the rules; negative bounds count as zero.
  @inlinable
  public func output<Range: RangeExpression>(in range: Range) -> Publishers.Output<Self> where Range.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// A publisher of the values of its upstream at some indices. See
  /// ``Publisher/output(at:)`` and ``Publisher/output(in:)``.
  public struct Output<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The indices published; never negative.
    public let range: Range<Int>

    @inlinable
    public init(upstream: Upstream, range: Range<Int>) {
      self.upstream = upstream
      let lower = Swift.max(0, range.lowerBound)
      self.range = lower..<Swift.max(lower, range.upperBound)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), range: range)
    }

    /// The iterator of an ``Output``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline var toSkip: Int
      @usableFromInline var remaining: Int

      @inlinable
      init(upstream: Upstream.AsyncIterator, range: Range<Int>) {
        self.upstream = UpstreamIterator(upstream)
        toSkip = range.lowerBound
        remaining = range.count
        if remaining == 0 { self.upstream.release() }
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if toSkip > 0 {
            toSkip -= 1
            continue
          }
          remaining -= 1
          if remaining == 0 { upstream.release() }
          return value
        }
        return nil
      }
    }
  }
}
