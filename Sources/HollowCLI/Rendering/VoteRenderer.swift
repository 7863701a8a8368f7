import HollowKit

/// Renders a poll: every option with its count ("?" while counts are hidden) and a mark on the
/// option the user chose.
///
/// ```swift
/// VoteRenderer(context: context).lines(vote, prefix: [Span("  ")])
/// // ["  vote (vote to see the counts):", "      面  ?", "      饭  ?"]
/// ```
public struct VoteRenderer: Sendable {
  public var context: RenderContext

  public init(context: RenderContext) {
    self.context = context
  }

  public func lines(_ vote: Vote, prefix: [Span]) -> [String] {
    let title =
      if let voted = vote.voted { "vote (you chose \(voted)):" } else { "vote (vote to see the counts):" }
    var lines = context.block([Span(title, .dim)], prefix: prefix)
    let nameWidth = vote.options.map { DisplayWidth.of($0) }.max() ?? 0
    for option in vote.options {
      let mark = option == vote.voted ? "✓ " : "  "
      let padding = String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(option)))
      let count = vote.count(for: option).map(String.init) ?? "?"
      let highlighted = context.highlighter.spans(for: option)
      lines += context.block(
        [Span(mark, .poster)] + highlighted + [Span(padding + "  "), Span(count, .dim)], prefix: prefix + [Span("  ")])
    }
    return lines
  }
}
