/// When to write colours: `--color=auto|always|never`.
///
/// ```swift
/// ColorMode(rawValue: "always")  // .always: colours even into `| less -R`
/// ```
public enum ColorMode: String, Sendable, Equatable, CaseIterable {
  /// Colours when stdout is a terminal.
  case auto
  /// Colours wherever the output goes (a pager that shows them, a file kept for `cat`).
  case always
  /// No colours.
  case never
}
