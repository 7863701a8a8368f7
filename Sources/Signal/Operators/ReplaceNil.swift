extension Publisher {
  /// Replaces each `nil` value with `output`.
  ///
  /// ```swift
  /// for await name in nicknames.replaceNil(with: "anonymous") { print(name) }
  /// ```
  ///
  /// As in Combine, it is a ``Publisher/map(_:)``.
  @inlinable
  public func replaceNil<Wrapped: Sendable>(with output: Wrapped) -> Publishers.Map<Self, Wrapped>
  where Output == Wrapped? {
    map { $0 ?? output }
  }
}
