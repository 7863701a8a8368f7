/// A piece of text drawn in one ``TextStyle``; a line of output is a list of spans.
///
/// ```swift
/// let line = [Span("#42", .pid), Span("  5 min ago", .dim)]
/// ```
public struct Span: Sendable, Equatable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// What a span means; a ``Painter`` decides how that looks (ANSI colours or nothing).
public enum TextStyle: Sendable, Equatable {
  case plain
  /// A post or comment id such as `#123`.
  case pid
  /// Secondary information: times, counts, hints.
  case dim
  /// A moderation tag.
  case tag
  /// A commenter's name.
  case name
  /// The original poster (洞主).
  case poster
  /// A search keyword inside a text.
  case highlight
  /// Something that went wrong but is shown inline, e.g. a quoted post that does not exist.
  case warning
  /// A web address in a text (``LinkFinder``): underlined, and a hyperlink to it where the
  /// terminal has them (``Painter/hyperlinks``).
  case link(String)
}
