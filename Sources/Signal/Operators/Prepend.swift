extension Publisher where Output: Sendable {
  /// Emits `elements` before this publisher's values.
  ///
  /// ```swift
  /// let choices = remoteChoices.prepend("None", "Default")  // "None", "Default", then the rest
  /// ```
  ///
  /// This publisher is subscribed only once the values have been emitted (as in Combine);
  /// see ``Publishers/Concatenate``.
  @inlinable
  public func prepend(
    _ elements: Output...
  ) -> Publishers.Concatenate<Publishers.SetFailureType<SequencePublisher<[Output]>, Failure>, Self> {
    prepend(elements)
  }

  /// Emits the elements of `elements` before this publisher's values.
  ///
  /// ```swift
  /// let feed = livePosts.prepend(cachedPosts)  // cachedPosts: [Post]
  /// ```
  ///
  /// This publisher is subscribed only once the sequence has been emitted (as in Combine);
  /// see ``Publishers/Concatenate``.
  @inlinable
  public func prepend<S: Sequence & Sendable>(
    _ elements: S
  ) -> Publishers.Concatenate<Publishers.SetFailureType<SequencePublisher<S>, Failure>, Self>
  where S.Element == Output {
    Publishers.Concatenate(prefix: elements.publisher.setFailureType(to: Failure.self), suffix: self)
  }
}

extension Publisher {
  /// Emits `publisher`'s values before this publisher's, then this publisher's once
  /// `publisher` has finished.
  ///
  /// ```swift
  /// let messages = liveMessages.prepend(storedMessages)  // both Publisher<Message, ChatError>
  /// ```
  ///
  /// This publisher is subscribed only once `publisher` has finished (as in Combine); if
  /// `publisher` fails, the stream fails and this publisher is never subscribed. See
  /// ``Publishers/Concatenate``.
  @inlinable
  public func prepend<P: Publisher>(
    _ publisher: P
  ) -> Publishers.Concatenate<P, Self> where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }
}
