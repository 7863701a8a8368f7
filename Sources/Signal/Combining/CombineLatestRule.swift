extension Publishers {
  /// The rule of ``Publisher/combineLatest(_:)``: once every upstream has produced a value,
  /// each value from any upstream produces an output with the latest value of the others.
  ///
  /// ```swift
  /// let latest: Publishers.Combining2<_, _, Publishers.CombineLatestRule> = query.combineLatest(page)
  /// ```
  public enum CombineLatestRule: CombiningRule {
    @inlinable public static var consumesValues: Bool { false }
  }
}
