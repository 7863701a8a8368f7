/// Turns styled spans into terminal text: with ANSI SGR codes when colours are on, plain otherwise.
/// Each span's text is sanitized on the way (``TerminalText``), so a style is the only control a
/// line can carry.
///
/// ```swift
/// Painter(colors: false).line([Span("#42", .pid), Span(" hi")])  // "#42 hi"
/// ```
public struct Painter: Sendable {
  /// Whether ANSI escape codes are written.
  public var colors: Bool
  /// The config file's `theme`: a light background gets darker colours (no cyan or yellow text).
  var theme = UserConfiguration.Theme.dark
  /// Whether a ``TextStyle/link(_:)`` span is written as an OSC 8 hyperlink: only where the
  /// terminal has them (``TerminalCapabilities/hyperlinks``), since others print the sequence.
  var hyperlinks = false

  public init(colors: Bool) {
    self.colors = colors
  }

  init(colors: Bool, theme: UserConfiguration.Theme) {
    self.colors = colors
    self.theme = theme
  }

  /// The spans of one line, concatenated and (with colours) styled.
  public func line(_ spans: [Span]) -> TerminalText {
    spans.map(paint).joined()
  }

  /// One span, styled when colours are on.
  public func paint(_ span: Span) -> TerminalText {
    let text = TerminalText(span.text)
    if hyperlinks, case .link(let url) = span.style, !text.isEmpty {
      var plain = self
      plain.hyperlinks = false
      return .control(.hyperlink(url)) + plain.paint(span) + .control(.hyperlink(nil))
    }
    guard colors, let code = theme == .light ? Self.lightCode(for: span.style) : Self.code(for: span.style),
      !text.isEmpty
    else { return text }
    return .control(.graphicRendition(code)) + text + .control(.graphicRendition([0]))
  }

  private static func code(for style: TextStyle) -> [UInt8]? {
    switch style {
    case .plain: nil
    case .pid: [1, 36]
    case .dim: [2]
    case .tag: [35]
    case .name: [34]
    case .poster: [1, 32]
    case .highlight: [1, 30, 43]
    case .warning: [31]
    case .link: [4]
    }
  }

  /// For a light background: blue and magenta where the dark theme has cyan, bold black on yellow.
  private static func lightCode(for style: TextStyle) -> [UInt8]? {
    switch style {
    case .plain: nil
    case .pid: [1, 34]
    case .dim: [2]
    case .tag: [35]
    case .name: [35]
    case .poster: [1, 32]
    case .highlight: [1, 30, 43]
    case .warning: [1, 31]
    case .link: [4]
    }
  }
}
