extension Publisher {
  /// Prints every event of each subscription, for debugging: subscribing, each value, and how
  /// the stream ended.
  ///
  /// ```swift
  /// _ = await [1, 2].publisher.print("numbers").allValues()
  /// // numbers: receive subscription
  /// // numbers: receive value: (1)
  /// // numbers: receive value: (2)
  /// // numbers: receive finished
  /// ```
  ///
  /// Lines go to standard output, or to `stream` (each subscription writes to its own copy of
  /// a value-type stream; use a class to collect them). An empty `prefix` prints the lines
  /// bare. A cancelled subscription prints `receive cancel` instead of an ending; one that is
  /// dropped before its end prints nothing more (an iterator cannot observe being dropped).
  @inlinable
  public func print(_ prefix: String = "", to stream: (any TextOutputStream & Sendable)? = nil)
    -> Publishers.Print<Self>
  {
    Publishers.Print(upstream: self, prefix: prefix, stream: stream)
  }
}

extension Publishers {
  /// A publisher that prints its upstream's events. See ``Publisher/print(_:to:)``.
  public struct Print<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let prefix: String
    /// Where lines go; `nil` for standard output.
    public let stream: (any TextOutputStream & Sendable)?

    @inlinable
    public init(upstream: Upstream, prefix: String, stream: (any TextOutputStream & Sendable)?) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      var iterator = Iterator(upstream: upstream.makeAsyncIterator(), prefix: prefix, stream: stream)
      iterator.write("receive subscription")
      return iterator
    }

    /// The iterator of a ``Print``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let prefix: String
      @usableFromInline var stream: (any TextOutputStream & Sendable)?
      @usableFromInline var hasEnded = false

      @inlinable
      init(upstream: Upstream.AsyncIterator, prefix: String, stream: (any TextOutputStream & Sendable)?) {
        self.upstream = upstream
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
      }

      @usableFromInline
      mutating func write(_ line: String) {
        if var target = stream {
          target.write(prefix + line + "\n")
          stream = target
        } else {
          Swift.print(prefix + line)
        }
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard !hasEnded else { return nil }
        do throws(Failure) {
          if let value = try await upstream.next(isolation: actor) {
            write("receive value: (\(value))")
            return value
          }
        } catch {
          hasEnded = true
          write("receive error: (\(error))")
          throw error
        }
        hasEnded = true
        write(Task.isCancelled ? "receive cancel" : "receive finished")
        return nil
      }
    }
  }
}
