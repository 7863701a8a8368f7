extension Publisher where Output: Sendable {
  /// Emits `elements` after this publisher finishes.
  ///
  /// ```swift
  /// let lines = await bodyLines.append("-- ", signature).allValues()  // the body, then the signature
  /// ```
  ///
  /// If this publisher fails, the stream fails and the values are not emitted; see
  /// ``Publishers/Concatenate``.
  @inlinable
  public func append(
    _ elements: Output...
  ) -> Publishers.Concatenate<Self, Publishers.SetFailureType<SequencePublisher<[Output]>, Failure>> {
    append(elements)
  }

  /// Emits the elements of `elements` after this publisher finishes.
  ///
  /// ```swift
  /// let all = await firstPage.append(laterPosts).allValues()  // laterPosts: [Post]
  /// ```
  ///
  /// If this publisher fails, the stream fails and the elements are not emitted; see
  /// ``Publishers/Concatenate``.
  @inlinable
  public func append<S: Sequence & Sendable>(
    _ elements: S
  ) -> Publishers.Concatenate<Self, Publishers.SetFailureType<SequencePublisher<S>, Failure>>
  where S.Element == Output {
    Publishers.Concatenate(prefix: self, suffix: elements.publisher.setFailureType(to: Failure.self))
  }
}

extension Publisher {
  /// Emits `publisher`'s values after this publisher finishes.
  ///
  /// ```swift
  /// for try await post in firstPage.append(secondPage) { show(post) }  // page 2 is fetched after page 1
  /// ```
  ///
  /// `publisher` is subscribed only once this publisher has finished (as in Combine); if this
  /// publisher fails, the stream fails and `publisher` is never subscribed. See
  /// ``Publishers/Concatenate``.
  @inlinable
  public func append<P: Publisher>(
    _ publisher: P
  ) -> Publishers.Concatenate<Self, P> where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}
