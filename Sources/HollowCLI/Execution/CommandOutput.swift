import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a command writes: rendered lines or one JSON document on stdout, notes and the progress
/// line on stderr, with the colours and width the environment calls for.
struct CommandOutput: Sendable {
  let environment: CLIEnvironment
  let options: GlobalOptions

  var colors: Bool { environment.usesColor(noColorFlag: options.noColor) }

  var progress: ProgressLine {
    ProgressLine(output: environment.stderr, isEnabled: environment.stderrIsTerminal && !options.json)
  }

  /// Whether a person watches stdout (so output may be redrawn in place).
  var isInteractive: Bool { environment.stdoutIsTerminal && !options.json }

  func context(highlighting keywords: [String] = []) -> RenderContext {
    RenderContext(
      width: environment.width, painter: Painter(colors: colors),
      time: RelativeTime(now: environment.now, timeZone: environment.timeZone),
      highlighter: Highlighter(keywords: keywords, colors: colors))
  }

  func print(_ lines: [String]) {
    progress.clear()
    environment.stdout.write(lines.map { $0 + "\n" }.joined())
  }

  func emit(_ value: some Encodable) {
    progress.clear()
    environment.stdout.write(JSONText.encode(value) + "\n")
  }

  /// A line for the person, not the data: stderr with `--json` (stdout holds one document), else stdout.
  func notice(_ spans: [Span]) {
    if options.json {
      progress.clear()
      environment.stderr.write(spans.map(\.text).joined() + "\n")
    } else {
      print([context().painter.line(spans)])
    }
  }

  /// "offline: showing cached data from 5 min ago (cannot connect to the server)".
  func offlineNotice(cachedAt: Date?, reason: String?) {
    var text = "offline: showing cached data"
    if let cachedAt { text += " from " + context().time.string(for: Int(cachedAt.timeIntervalSince1970)) }
    if let reason { text += " (\(reason))" }
    notice([Span(text, .warning)])
  }
}
