extension StringProtocol {
  /// The text without the white space (spaces, tabs, line breaks: `Character.isWhitespace`) at either end.
  ///
  /// Foundation's `trimmingCharacters(in:)` is not in FoundationEssentials, which is all the package links.
  ///
  /// ```swift
  /// " vim -f\n".trimmingWhitespace()  // "vim -f"
  /// ```
  package func trimmingWhitespace() -> SubSequence {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    let last = lastIndex { !$0.isWhitespace } ?? first
    return self[first...last]
  }
}
