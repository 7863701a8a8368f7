extension Publishers {
  /// The rule of ``Publisher/zip(_:)``: the n-th output combines the n-th value of every
  /// upstream.
  ///
  /// ```swift
  /// let zipped: Publishers.Combining2<_, _, Publishers.ZipRule> = numbers.zip(letters)
  /// ```
  public enum ZipRule: CombiningRule {
    @inlinable public static var consumesValues: Bool { true }
  }
}
