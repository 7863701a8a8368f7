import HollowKit

/// Everything rendering needs to know about the output: its width, colours, the current time
/// and the keywords to highlight.
///
/// ```swift
/// let context = RenderContext(width: 80, painter: Painter(colors: false), time: RelativeTime(now: Date()))
/// context.block([Span("a long text")], prefix: "  ")  // ["  a long text"]
/// ```
public struct RenderContext: Sendable {
  /// Terminal columns.
  public var width: Int
  public var painter: Painter
  public var time: RelativeTime
  public var highlighter: Highlighter

  /// The narrowest width rendering wraps to, so deep indentation still leaves room for text.
  public static let minimumTextWidth = 20

  public init(width: Int, painter: Painter, time: RelativeTime, highlighter: Highlighter = .none) {
    self.width = width
    self.painter = painter
    self.time = time
    self.highlighter = highlighter
  }

  /// `spans` wrapped to the width left after `prefix`, each line starting with `prefix`.
  func block(_ spans: [Span], prefix: [Span] = [], maximumLines: Int? = nil) -> [String] {
    let prefixWidth = DisplayWidth.of(prefix.map(\.text).joined())
    let wrapper = TextWrapper(width: max(Self.minimumTextWidth, width - prefixWidth))
    var lines = wrapper.wrap(spans)
    if let maximumLines, lines.count > maximumLines {
      lines = Array(lines.prefix(maximumLines))
      lines[lines.count - 1].append(Span(" …", .dim))
    }
    return lines.map { painter.line(prefix + $0) }
  }

  /// A user-written text (post or comment) with the search keywords highlighted.
  func text(_ text: String, prefix: [Span], maximumLines: Int? = nil) -> [String] {
    block(highlighter.spans(for: text), prefix: prefix, maximumLines: maximumLines)
  }

  /// "[image 640x480]", or "[image]" when the size is unknown.
  func image(_ metadata: ImageMetadata?, prefix: [Span]) -> [String] {
    let size = metadata.map { " \($0.width)x\($0.height)" } ?? ""
    return [painter.line(prefix + [Span("[image\(size)]", .dim)])]
  }

  /// "1 like", "3 likes".
  static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
    "\(value) \(value == 1 ? singular : plural)"
  }
}
