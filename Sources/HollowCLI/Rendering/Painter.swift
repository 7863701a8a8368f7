/// Turns styled spans into terminal text: with ANSI SGR codes when colours are on, plain otherwise.
///
/// ```swift
/// Painter(colors: false).line([Span("#42", .pid), Span(" hi")])  // "#42 hi"
/// ```
public struct Painter: Sendable {
  /// Whether ANSI escape codes are written.
  public var colors: Bool

  public init(colors: Bool) {
    self.colors = colors
  }

  /// The spans of one line, concatenated and (with colours) styled.
  public func line(_ spans: [Span]) -> String {
    spans.map(paint).joined()
  }

  /// One span, styled when colours are on.
  public func paint(_ span: Span) -> String {
    guard colors, let code = Self.code(for: span.style), !span.text.isEmpty else { return span.text }
    return "\u{1B}[\(code)m\(span.text)\u{1B}[0m"
  }

  private static func code(for style: TextStyle) -> String? {
    switch style {
    case .plain: nil
    case .pid: "1;36"
    case .dim: "2"
    case .tag: "35"
    case .name: "34"
    case .poster: "1;32"
    case .highlight: "1;30;43"
    case .warning: "31"
    }
  }
}
