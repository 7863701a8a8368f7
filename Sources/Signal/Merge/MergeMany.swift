extension Publishers {
  /// A publisher that interleaves the values of any number of upstreams of one type.
  ///
  /// The rules are those of ``Publisher/merge(with:)``: each upstream's values keep their
  /// order; the merge finishes when every upstream has finished (at once when there are none)
  /// and fails as soon as one fails, cancelling the rest.
  ///
  /// ```swift
  /// let feeds = Publishers.MergeMany(hot, latest, followed)
  /// let boards = boardIDs.map { client.posts(board: $0) }.merged()
  /// ```
  public struct MergeMany<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = MergeIterator<Output, Failure>

    public let publishers: [Upstream]

    @inlinable
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    @inlinable
    public init<Upstreams: Sequence>(_ upstream: Upstreams) where Upstreams.Element == Upstream {
      publishers = Array(upstream)
    }

    /// Adds one more upstream.
    ///
    /// ```swift
    /// let all = Publishers.MergeMany(a, b).merge(with: c)
    /// ```
    @inlinable
    public func merge(with other: Upstream) -> MergeMany {
      MergeMany(publishers + [other])
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(producers: publishers.map { Iterator.Storage.producer(subscribingTo: $0) })
    }
  }
}

extension Sequence where Element: Publisher, Element.Output: Sendable {
  /// Merges every publisher in this sequence into one. See ``Publishers/MergeMany``.
  ///
  /// ```swift
  /// for try await post in boards.map { client.posts(board: $0) }.merged() { show(post) }
  /// ```
  @inlinable
  public func merged() -> Publishers.MergeMany<Element> {
    Publishers.MergeMany(self)
  }
}
