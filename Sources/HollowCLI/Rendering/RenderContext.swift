import HollowKit

/// Everything rendering needs to know about the output: its width, colours, the current time,
/// the keywords to highlight, and how much of each part to show (``RenderLimits``).
///
/// ```swift
/// let context = RenderContext(width: 80, painter: Painter(colors: false), time: RelativeTime(now: Date()))
/// context.block([Span("a long text")], prefix: [Span("  ")])  // ["  a long text"]
/// ```
public struct RenderContext: Sendable {
  /// Terminal columns.
  public var width: Int
  public var painter: Painter
  public var time: RelativeTime
  public var highlighter: Highlighter
  public var limits: RenderLimits

  /// The narrowest width rendering wraps to, so deep indentation still leaves room for text.
  public static let minimumTextWidth = 20

  public init(
    width: Int, painter: Painter, time: RelativeTime, highlighter: Highlighter = .none, limits: RenderLimits = .full
  ) {
    self.width = width
    self.painter = painter
    self.time = time
    self.highlighter = highlighter
    self.limits = limits
  }

  /// The columns left for text after `prefix`.
  func textWidth(after prefix: [Span]) -> Int {
    max(Self.minimumTextWidth, width - DisplayWidth.of(prefix.map(\.text).joined()))
  }

  /// `spans` wrapped to the width left after `prefix`, each line starting with `prefix`, cut
  /// after ``RenderLimits/otherLines``.
  func block(_ spans: [Span], prefix: [Span] = []) -> [TerminalText] {
    block(spans, prefix: prefix, maximumLines: limits.otherLines)
  }

  /// `spans` wrapped to the width left after `prefix`, each line starting with `prefix`; past
  /// `maximumLines` a dim "… N more lines" ends it.
  func block(_ spans: [Span], prefix: [Span], maximumLines: Int?) -> [TerminalText] {
    let wrapper = TextWrapper(width: textWidth(after: prefix))
    let (lines, hidden) = wrapper.wrap(spans, maximumLines: maximumLines)
    var painted = lines.map { painter.line(prefix + $0) }
    if hidden > 0 { painted.append(more(hidden, "line", "lines", prefix: prefix)) }
    return painted
  }

  /// A user-written text (post or comment) with the search keywords highlighted and its web
  /// addresses marked as links (``LinkFinder``), cut after `maximumLines`.
  func text(_ text: String, prefix: [Span], maximumLines: Int?) -> [TerminalText] {
    let sanitized = TerminalSanitizer.sanitize(text, keepingNewlines: true)
    return block(LinkFinder.marking(highlighter.spans(for: sanitized)), prefix: prefix, maximumLines: maximumLines)
  }

  /// "… 3 more lines" (dim) under `prefix`.
  func more(_ count: Int, _ singular: String, _ plural: String, prefix: [Span]) -> TerminalText {
    painter.line(prefix + [Span("… " + Self.count(count, "more " + singular, "more " + plural), .dim)])
  }

  /// "[image 640x480]", or "[image]" when the size is unknown.
  func image(_ metadata: ImageMetadata?, prefix: [Span]) -> [TerminalText] {
    let size = metadata.map { " \($0.width)x\($0.height)" } ?? ""
    return [painter.line(prefix + [Span("[image\(size)]", .dim)])]
  }

  /// "1 like", "3 likes".
  static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
    "\(value) \(value == 1 ? singular : plural)"
  }
}
