import HollowKit

/// Renders the operators' system messages: title and time, then the wrapped content.
///
/// ```swift
/// MessageRenderer(context: context).lines(messages)
/// ```
public struct MessageRenderer: Sendable {
  public var context: RenderContext

  public init(context: RenderContext) {
    self.context = context
  }

  public func lines(_ messages: [SystemMessage]) -> [TerminalText] {
    guard !messages.isEmpty else { return [context.painter.line([Span("no messages", .dim)])] }
    var lines: [TerminalText] = []
    for (index, message) in messages.enumerated() {
      if index > 0 { lines.append("") }
      lines += context.block([
        Span(message.title, .name), Span("  " + context.time.string(for: message.timestamp), .dim),
      ])
      lines += context.text(message.content, prefix: PostRenderer.bodyPrefix, maximumLines: context.limits.textLines)
    }
    return lines
  }
}
