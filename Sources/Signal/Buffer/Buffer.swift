extension Publisher where Output: Sendable {
  /// Decouples a fast upstream from a slow consumer: the upstream runs ahead in its own task
  /// into a bounded buffer handled by `policy`.
  ///
  /// ```swift
  /// for await frame in camera.frames.buffer(.dropOldest(3)) {
  ///   await render(frame)  // never more than 3 frames behind
  /// }
  /// ```
  ///
  /// Each subscription subscribes upstream when its iterator is made and, from its first `next()`, is pumped by
  /// one task into a ring buffer of `policy.capacity` values:
  /// - `.suspend`: the upstream waits while the buffer is full; nothing is lost.
  /// - `.dropOldest` / `.dropNewest`: the upstream never waits; the oldest waiting value or
  ///   the new value is discarded when the buffer is full.
  ///
  /// The completion, and also a failure, are delivered after the values buffered before
  /// them. Ending the subscription (dropping the iterator or cancelling its task) cancels the
  /// upstream's task.
  @inlinable
  public func buffer(_ policy: BufferingPolicy) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, policy: policy)
  }

  /// Combine's spelling of ``buffer(_:)``: `buffer(size: 8, whenFull: .dropOldest)` is
  /// `buffer(.dropOldest(8))`. `size` replaces the capacity of `policy`; below 1 it counts as 1.
  ///
  /// ```swift
  /// let smoothed = clicks.buffer(size: 16, whenFull: .dropNewest)
  /// ```
  @inlinable
  public func buffer(size: Int, whenFull policy: BufferingPolicy = .suspend) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, policy: policy.withCapacity(size))
  }
}

extension Publishers {
  /// A publisher that buffers its upstream in a task of its own. See ``Publisher/buffer(_:)``.
  ///
  /// A buffer is a share with exactly one subscriber: every subscription is its own
  /// ``Publishers/Share``, so both run on the same pump and subscriber buffer.
  public struct Buffer<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public typealias Element = Output
    public typealias Iterator = Share<Upstream>.Iterator

    public let upstream: Upstream
    /// The buffer's capacity and what happens when it is full.
    public let policy: BufferingPolicy

    @inlinable
    public init(upstream: Upstream, policy: BufferingPolicy) {
      self.upstream = upstream
      self.policy = policy
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Share(upstream: upstream, replay: 0, policy: policy).makeAsyncIterator()
    }
  }
}
