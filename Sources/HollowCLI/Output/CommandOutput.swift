import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a command writes: rendered lines or one JSON document on stdout, notes and the progress
/// line on stderr, with the colours and width the environment calls for. Everything goes through
/// the run's ``Console``.
struct CommandOutput: Sendable {
  let console: Console
  let options: GlobalOptions

  /// Rendered output is written in pieces of about this many bytes, so a long post is never
  /// joined into one more copy of itself.
  static let chunkBytes = 65_536

  var environment: CLIEnvironment { console.environment }

  var colors: Bool { environment.usesColor(options.color) }

  var progress: ProgressLine { ProgressLine(console: console) }

  /// Whether a person watches stdout (so output may be redrawn in place).
  var isInteractive: Bool { environment.stdoutIsTerminal && !options.json }

  func context(highlighting keywords: [String] = [], limits: RenderLimits = .list) -> RenderContext {
    RenderContext(
      width: environment.width, painter: Painter(colors: colors, theme: options.theme),
      time: RelativeTime(now: environment.now, zone: environment.zone),
      highlighter: Highlighter(keywords: keywords, colors: colors), limits: limits)
  }

  /// Writes each line and a newline.
  func print(_ lines: [TerminalText]) {
    var chunk = TerminalText.empty
    for line in lines {
      chunk += line
      chunk += .newline
      if chunk.text.utf8.count >= Self.chunkBytes {
        console.write(chunk)
        chunk = .empty
      }
    }
    if !chunk.isEmpty { console.write(chunk) }
  }

  /// Writes plain lines (a folder, a report); each is sanitized as one line.
  func print(_ lines: [String]) {
    print(lines.map { TerminalText($0) })
  }

  func emit(_ value: some Encodable) {
    console.write(TerminalText(json: JSONText.encode(value)) + .newline)
  }

  /// A line for the person, not the data: stderr with `--json` (stdout holds one document), else stdout.
  func notice(_ spans: [Span]) {
    if options.json {
      console.writeError(TerminalText(spans.map(\.text).joined()) + .newline)
    } else {
      print([context().painter.line(spans)])
    }
  }

  /// "hollow-cli: <message>" on stderr, where `message` may hold a server's words.
  func warning(_ message: String) {
    console.writeError(message: "\(HollowCommandLine.name): \(message)\n")
  }

  /// "offline: showing cached data from 5 min ago (cannot connect to the server)".
  func offlineNotice(cachedAt: Date?, reason: String?) {
    var text = "offline: showing cached data"
    if let cachedAt { text += " from " + context().time.string(for: cachedAt) }
    if let reason { text += " (\(reason))" }
    notice([Span(text, .warning)])
  }
}
