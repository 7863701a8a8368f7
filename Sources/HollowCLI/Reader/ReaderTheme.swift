#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the reader's views draw: colours (none with `NO_COLOR`), what the terminal can show
/// (24-bit, 256 or 16 colours; an inline-image protocol), and the clock and time zone relative
/// times are measured with.
///
/// ```swift
/// let theme = ReaderTheme(capabilities: TerminalCapabilities(colorDepth: .none), now: Date())
/// theme.context(width: 78).painter.colors  // false
/// ```
struct ReaderTheme: Sendable {
  var capabilities: TerminalCapabilities
  var now: Date
  var zone: ClockZone = .system

  var colors: Bool { capabilities.colorDepth != .none }

  var painter: Painter {
    var painter = Painter(colors: colors, theme: capabilities.theme)
    painter.hyperlinks = capabilities.hyperlinks
    return painter
  }

  /// Relative times ("5 min ago") as of this frame.
  var time: RelativeTime { RelativeTime(now: now, zone: zone) }

  /// A rendering context `width` columns wide, with `limits`.
  func context(width: Int, limits: RenderLimits = .full, keywords: [String] = []) -> RenderContext {
    RenderContext(
      width: width, painter: painter, time: time,
      highlighter: Highlighter(keywords: keywords, colors: colors), limits: limits)
  }

  /// Reverse video when colours are on (the bars and the selection), plain text otherwise.
  func bar(_ text: String) -> TerminalText {
    guard colors else { return TerminalText(text) }
    return .control(.graphicRendition([7])) + TerminalText(text) + .control(.graphicRendition([0]))
  }
}
