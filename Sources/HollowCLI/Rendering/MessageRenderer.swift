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

  public func lines(_ messages: [SystemMessage]) -> [String] {
    guard !messages.isEmpty else { return [context.painter.line([Span("no messages", .dim)])] }
    var lines: [String] = []
    for (index, message) in messages.enumerated() {
      if index > 0 { lines.append("") }
      lines += context.block([
        Span(message.title, .name), Span("  " + context.time.string(for: message.timestamp), .dim),
      ])
      lines += context.block([Span(message.content)], prefix: PostRenderer.bodyPrefix)
    }
    return lines
  }
}
