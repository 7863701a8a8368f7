extension Publishers {
  /// A publisher that emits every value of `prefix`, then, once `prefix` has finished, every
  /// value of `suffix`.
  ///
  /// ```swift
  /// let history = Publishers.Concatenate(prefix: cachedMessages, suffix: liveMessages)
  /// for try await message in history { show(message) }  // the cache, then what arrives live
  /// ```
  ///
  /// - The prefix is subscribed when the iterator is made; the suffix only when the prefix
  ///   finishes (as in Combine), so a cold suffix does no work before it is needed, and a hot
  ///   one (a subject) sends nothing to this subscriber before then.
  /// - The prefix is released the moment it ends, before the suffix is subscribed.
  /// - A failing prefix fails the stream at once; the suffix is never subscribed.
  /// - The stream then ends as the suffix ends.
  /// - Cancelling the consumer's task ends the stream as the current side's iterator does;
  ///   a prefix that ends because of the cancellation does not start the suffix.
  ///
  /// `prepend(_:)` and `append(_:)` build one from values, a sequence or a publisher.
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    public typealias Output = Suffix.Output
    public typealias Element = Suffix.Output
    public typealias Failure = Suffix.Failure

    /// The publisher whose values come first.
    public let prefix: Prefix
    /// The publisher subscribed once `prefix` has finished.
    public let suffix: Suffix

    /// A publisher of `prefix`'s values, then `suffix`'s.
    @inlinable
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(prefix: prefix.makeAsyncIterator(), suffix: suffix)
    }

    /// The iterator of a ``Concatenate``.
    public struct Iterator: AsyncIteratorProtocol {
      /// The prefix's iterator until the prefix ends; then released.
      @usableFromInline var prefix: UpstreamIterator<Prefix.AsyncIterator>
      /// The suffix, until the prefix finishes and it is subscribed.
      @usableFromInline var suffix: Suffix?
      @usableFromInline var suffixIterator: Suffix.AsyncIterator?

      @inlinable
      init(prefix: Prefix.AsyncIterator, suffix: Suffix) {
        self.prefix = UpstreamIterator(prefix)
        self.suffix = suffix
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        if !prefix.isReleased {
          do throws(Failure) {
            if let value = try await prefix.next(isolation: actor) { return value }
          } catch {
            prefix.release()
            suffix = nil
            throw error
          }
          prefix.release()
          // A prefix ends with `nil` when its task is cancelled too: that is no finish, and
          // a cancelled consumer must not start the suffix.
          guard !Task.isCancelled else {
            suffix = nil
            return nil
          }
          suffixIterator = suffix.take()?.makeAsyncIterator()
        }
        return try await suffixIterator?.next(isolation: actor)
      }
    }
  }
}
