import Foundation

/// A command line the documentation shows, with the output and exit status it says the line has.
///
/// Found in markdown as `$ ` lines of ```` ```console ```` blocks (the lines under one, up to the
/// next `$ `, are its output; `(exit status N)` its status, else 0), `hollow-cli` lines of
/// ```` ```sh ```` blocks and inline code spans that start with `hollow-cli ` or
/// `swift run hollow-cli` (no output shown, status 0); in help texts, the lines under `examples:`.
///
/// ```swift
/// let examples = DocumentedExample.all(inMarkdown: text, file: "Docs/CLI.md")
/// examples[0].line.text  // "hollow-cli --offline timeline | head -4"
/// ```
struct DocumentedExample: CustomStringConvertible {
  /// Where it is written: `Docs/CLI.md:70`, `send --help`.
  var source: String
  var line: ShellLine
  /// The output shown under it (stdout, then stderr, as a terminal shows them), if any; a line
  /// `…` stands for any number of lines.
  var output: [String]?
  var status: Int32 = 0

  var description: String { "\(source): \(line.text)" }

  /// The examples of a markdown document, in order.
  static func all(inMarkdown text: String, file: String) -> [DocumentedExample] {
    var examples: [DocumentedExample] = []
    var fence: String?
    var prose: [(number: Int, text: String)] = []
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let source = "\(file):\(index + 1)"
      if line.hasPrefix("```") {
        fence = fence == nil ? String(line.dropFirst(3)) : nil
        continue
      }
      switch fence {
      case nil:
        prose.append((index + 1, line))
      case "console":
        if line.hasPrefix("$ ") {
          examples.append(DocumentedExample(source: source, line: ShellLine(String(line.dropFirst(2))), output: []))
        } else if !examples.isEmpty, let status = exitStatus(line) {
          examples[examples.count - 1].status = status
        } else if !examples.isEmpty {
          // `^C stopping`: the terminal echoes the Ctrl-C the reader typed; the program printed the rest.
          let printed = line.hasPrefix("^C") ? line.dropFirst(2).trimmingCharacters(in: .whitespaces) : line
          examples[examples.count - 1].output?.append(printed)
        }
      case "sh":
        let command = line.trimmingCharacters(in: .whitespaces)
        if isCommandLine(command) { examples.append(DocumentedExample(source: source, line: ShellLine(command))) }
      default:
        break
      }
    }
    return examples + spans(in: prose, file: file)
  }

  /// The examples a help text lists under `examples:`.
  static func all(inHelp text: String, source: String) -> [DocumentedExample] {
    guard let start = text.range(of: "\nexamples:\n") else { return [] }
    return text[start.upperBound...].split(separator: "\n").map { line in
      DocumentedExample(source: source, line: ShellLine(line.trimmingCharacters(in: .whitespaces)))
    }
  }

  /// Whether `output` is what the example shows: line by line, `…` matching any run of lines.
  func isShown(by output: [String]) -> Bool {
    guard let shown = self.output else { return true }
    return Self.matches(shown[...], output[...])
  }

  private static func matches(_ shown: ArraySlice<String>, _ output: ArraySlice<String>) -> Bool {
    guard let first = shown.first else { return output.isEmpty }
    if first == "…" {
      return output.indices.map { output[$0...] }.contains { matches(shown.dropFirst(), $0) }
        || matches(shown.dropFirst(), output[output.endIndex...])
    }
    return output.first == first && matches(shown.dropFirst(), output.dropFirst())
  }

  private static func exitStatus(_ line: String) -> Int32? {
    guard line.hasPrefix("(exit status "), line.hasSuffix(")") else { return nil }
    return Int32(line.dropFirst("(exit status ".count).dropLast())
  }

  private static func isCommandLine(_ text: String) -> Bool {
    text.hasPrefix("hollow-cli ") || text.hasPrefix("swift run hollow-cli")
  }

  /// Inline code spans of the prose that are command lines; a span may go over a line break.
  private static func spans(in prose: [(number: Int, text: String)], file: String) -> [DocumentedExample] {
    var examples: [DocumentedExample] = []
    var span: (start: Int, text: String)?
    for (number, text) in prose {
      for character in text {
        if character == "`" {
          if let open = span, isCommandLine(open.text) {
            let text = open.text.trimmingCharacters(in: .whitespaces)
            examples.append(DocumentedExample(source: "\(file):\(open.start)", line: ShellLine(text)))
          }
          span = span == nil ? (number, "") : nil
        } else if span != nil {
          span?.text.append(character)
        }
      }
      span?.text.append(" ")
      if text.isEmpty { span = nil }  // a paragraph ends: an unpaired backtick is not a span
    }
    return examples
  }
}
