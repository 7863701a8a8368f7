extension Publisher where Output: Publisher, Output.Output: Sendable, Output.Failure == Never {
  /// ``switchToLatest()-4i88c`` for inner publishers that cannot fail, from a publisher that can: the
  /// inner publishers take this publisher's failure type, as in Combine.
  ///
  /// ```swift
  /// let latest = failingQueries.map { query in Just(query.uppercased()) }.switchToLatest()
  /// ```
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    map { $0.setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publisher where Output: Publisher, Output.Output: Sendable, Failure == Never {
  /// ``switchToLatest()-4i88c`` from a publisher that cannot fail into inner publishers that can: this
  /// publisher takes the inner publishers' failure type, as in Combine.
  ///
  /// ```swift
  /// let results = queries.map { query in client.search(query) }.switchToLatest()
  /// for try await page in results { show(page) }
  /// ```
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
    setFailureType(to: Output.Failure.self).switchToLatest()
  }
}

extension Publisher where Output: Publisher, Output.Output: Sendable, Output.Failure == Never, Failure == Never {
  /// ``switchToLatest()-4i88c`` when neither side can fail (chosen over the two variants that adapt a
  /// failure type, which would also match).
  ///
  /// ```swift
  /// let latest = queries.map { query in Just(query.count) }.switchToLatest()
  /// ```
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher {
  /// ``Publisher/flatMapLatest(_:)-70xmi`` for inner publishers that cannot fail, from a publisher that can: the
  /// inner publishers take this publisher's failure type, as in Combine.
  ///
  /// ```swift
  /// let labels = failingQueries.flatMapLatest { query in Just("searching \(query)") }
  /// ```
  public func flatMapLatest<Inner: Publisher>(
    _ transform: @escaping @Sendable (Output) -> Inner
  )
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Inner, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Inner, Failure>>
    > where Inner.Output: Sendable, Inner.Failure == Never
  {
    map { transform($0).setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publisher where Failure == Never {
  /// ``Publisher/flatMapLatest(_:)-70xmi`` from a publisher that cannot fail into inner publishers that can: this
  /// publisher takes the inner publishers' failure type, as in Combine.
  ///
  /// ```swift
  /// let results = typedText.flatMapLatest { text in client.search(text) }  // fails as the search does
  /// for try await page in results { show(page) }
  /// ```
  public func flatMapLatest<Inner: Publisher>(
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.SwitchToLatest<Inner, Publishers.Map<Publishers.SetFailureType<Self, Inner.Failure>, Inner>>
  where Inner.Output: Sendable {
    setFailureType(to: Inner.Failure.self).map(transform).switchToLatest()
  }

  /// ``Publisher/flatMapLatest(_:)-70xmi`` when neither side can fail (chosen over the two variants that adapt a
  /// failure type, which would also match).
  ///
  /// ```swift
  /// let counts = typedText.flatMapLatest { text in Just(text.count) }
  /// ```
  public func flatMapLatest<Inner: Publisher>(
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.SwitchToLatest<Inner, Publishers.Map<Self, Inner>>
  where Inner.Output: Sendable, Inner.Failure == Never {
    map(transform).switchToLatest()
  }
}
