extension Publisher {
  /// Subscribes, waits for the first value and returns it; `nil` if the publisher finishes
  /// without a value.
  ///
  /// ```swift
  /// let total = await (1...10).publisher.reduce(0, +).firstValue()  // 55
  /// ```
  ///
  /// It asks for one value only, then drops the subscription. It throws the publisher's
  /// failure if that comes before a value, and returns `nil` if the calling task is
  /// cancelled first. It runs on the caller's actor, so the value need not be `Sendable`.
  @inlinable
  public func firstValue(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Output? {
    var iterator = makeAsyncIterator()
    return try await iterator.next(isolation: actor)
  }

  /// Subscribes, collects every value until the publisher finishes, and returns them in order.
  ///
  /// ```swift
  /// let evens = await (1...6).publisher.filter { $0.isMultiple(of: 2) }.allValues()  // [2, 4, 6]
  /// ```
  ///
  /// It throws the publisher's failure, discarding the values collected before it. It never
  /// returns for a publisher that never finishes; if the calling task is cancelled, it
  /// returns the values received before the stream ended. It runs on the caller's actor,
  /// so the values need not be `Sendable`.
  @inlinable
  public func allValues(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> [Output] {
    var values: [Output] = []
    var iterator = makeAsyncIterator()
    while let value = try await iterator.next(isolation: actor) {
      values.append(value)
    }
    return values
  }
}
