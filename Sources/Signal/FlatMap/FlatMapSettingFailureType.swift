extension Publisher where Failure == Never {
  /// ``flatMap(maxPublishers:_:)`` from a publisher that cannot fail into inner publishers that
  /// can: this publisher takes the inner publishers' failure type, as Combine's `flatMap` does.
  ///
  /// ```swift
  /// let posts = ids.publisher.flatMap { id in client.post(id) }  // some Publisher<Post, FetchError>
  /// for try await post in posts { show(post) }
  /// ```
  ///
  /// Without this overload, `for try await` over such a chain would compile against the
  /// standard library's serial `AsyncSequence.flatMap`, which is not a publisher.
  @inlinable
  public func flatMap<Inner: Publisher>(
    maxPublishers: Int = Publishers.FlatMapDefaults.maxPublishers,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.FlatMap<Inner, Publishers.SetFailureType<Self, Inner.Failure>> where Inner.Output: Sendable {
    setFailureType(to: Inner.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }
}
