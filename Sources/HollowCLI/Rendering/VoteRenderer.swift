import HollowKit

/// Renders a poll: every option with its count ("?" while counts are hidden) and a mark on the
/// option the user chose.
///
/// Options are padded so the counts line up, but never wider than the line: one very long option
/// wraps on its own instead of padding every other one to its width. A list shows at most
/// ``RenderLimits/pollOptions`` options, each cut after ``RenderLimits/otherLines`` lines.
///
/// ```swift
/// VoteRenderer(context: context).lines(vote, prefix: [Span("  ")])
/// // ["  vote (vote to see the counts):", "      面  ?", "      饭  ?"]
/// ```
public struct VoteRenderer: Sendable {
  public var context: RenderContext

  static let optionIndent = [Span("  ")]
  static let markWidth = 2
  static let gapWidth = 2

  public init(context: RenderContext) {
    self.context = context
  }

  public func lines(_ vote: Vote, prefix: [Span]) -> [TerminalText] {
    let title =
      if let voted = vote.voted { "vote (you chose \(voted)):" } else { "vote (vote to see the counts):" }
    var lines = context.block([Span(title, .dim)], prefix: prefix)
    let optionPrefix = prefix + Self.optionIndent
    let shown = vote.options.prefix(context.limits.pollOptions ?? vote.options.count)
    let counts = shown.map { vote.count(for: $0).map(String.init) ?? "?" }
    // Room for an option's name on one line, with its mark, the gap and the widest count.
    let room =
      context.textWidth(after: optionPrefix) - Self.markWidth - Self.gapWidth - (counts.map(\.count).max() ?? 0)
    let nameWidth = min(max(0, room), shown.map { DisplayWidth.of($0) }.max() ?? 0)
    for (option, count) in zip(shown, counts) {
      let mark = option == vote.voted ? "✓ " : "  "
      let padding = String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(option)))
      let highlighted = context.highlighter.spans(for: TerminalSanitizer.sanitize(option, keepingNewlines: true))
      lines += context.block(
        [Span(mark, .poster)] + highlighted + [Span(padding + "  "), Span(count, .dim)], prefix: optionPrefix)
    }
    if vote.options.count > shown.count {
      lines.append(context.more(vote.options.count - shown.count, "option", "options", prefix: optionPrefix))
    }
    return lines
  }
}
