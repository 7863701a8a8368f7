/// Wraps styled text to a number of terminal columns, measuring by display width (a CJK
/// character takes two columns).
///
/// Lines break at spaces, and between any two wide characters, since CJK text has no spaces; a
/// word longer than a line is cut. A newline in the text always starts a new line. Control
/// characters (which could move the cursor or change colours) are shown as `�`, tabs as a space.
///
/// ```swift
/// TextWrapper(width: 10).wrap("the quick brown fox")
/// // [[Span("the quick")], [Span("brown fox")]]
/// ```
public struct TextWrapper: Sendable {
  /// Columns per line; at least 1.
  public let width: Int

  public init(width: Int) {
    self.width = max(1, width)
  }

  /// Wraps plain text.
  public func wrap(_ text: String, style: TextStyle = .plain) -> [[Span]] {
    wrap([Span(text, style)])
  }

  /// Wraps styled text: every output line is a list of spans in the input's styles.
  public func wrap(_ spans: [Span]) -> [[Span]] {
    var lines: [[StyledCharacter]] = []
    var paragraph: [StyledCharacter] = []
    for span in spans {
      for character in span.text {
        if character == "\n" || character == "\r\n" {
          lines += wrapParagraph(paragraph)
          paragraph = []
        } else {
          paragraph.append(StyledCharacter(character: Self.sanitized(character), style: span.style))
        }
      }
    }
    lines += wrapParagraph(paragraph)
    return lines.map(Self.spans)
  }

  private struct StyledCharacter {
    var character: Character
    var style: TextStyle
    var width: Int { DisplayWidth.of(character) }
    var isSpace: Bool { character == " " }
  }

  /// Greedy fill over break units: a word with its trailing spaces, or a single wide character.
  private func wrapParagraph(_ characters: [StyledCharacter]) -> [[StyledCharacter]] {
    var lines: [[StyledCharacter]] = []
    var line: [StyledCharacter] = []
    var lineWidth = 0
    for unit in Self.units(characters) {
      let unitWidth = unit.reduce(0) { $0 + $1.width }
      let visibleWidth = unit.reversed().drop(while: \.isSpace).reduce(0) { $0 + $1.width }
      if lineWidth + visibleWidth <= width {
        line += unit
        lineWidth += unitWidth
        continue
      }
      if !line.isEmpty {
        lines.append(Self.trimmingTrailingSpaces(line))
        line = []
        lineWidth = 0
      }
      if visibleWidth <= width {
        line = unit
        lineWidth = unitWidth
        continue
      }
      // Longer than a whole line: cut it wherever the line is full.
      for character in unit {
        if lineWidth + character.width > width, !line.isEmpty {
          if character.isSpace { continue }
          lines.append(line)
          line = []
          lineWidth = 0
        }
        line.append(character)
        lineWidth += character.width
      }
    }
    lines.append(Self.trimmingTrailingSpaces(line))
    return lines
  }

  private static func units(_ characters: [StyledCharacter]) -> [[StyledCharacter]] {
    var units: [[StyledCharacter]] = []
    var current: [StyledCharacter] = []
    for character in characters {
      let isWide = character.width > 1
      let endsCurrent = current.last.map { $0.isSpace && !character.isSpace } ?? false
      if isWide || endsCurrent {
        if !current.isEmpty { units.append(current) }
        current = []
      }
      current.append(character)
      if isWide {
        units.append(current)
        current = []
      }
    }
    if !current.isEmpty { units.append(current) }
    return units
  }

  private static func trimmingTrailingSpaces(_ line: [StyledCharacter]) -> [StyledCharacter] {
    Array(line.reversed().drop(while: \.isSpace).reversed())
  }

  private static func spans(_ line: [StyledCharacter]) -> [Span] {
    var spans: [Span] = []
    for character in line {
      if let last = spans.last, last.style == character.style {
        spans[spans.count - 1].text.append(character.character)
      } else {
        spans.append(Span(String(character.character), character.style))
      }
    }
    return spans
  }

  private static func sanitized(_ character: Character) -> Character {
    if character == "\t" { return " " }
    let isControl = character.unicodeScalars.contains { scalar in
      scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
    return isControl ? "\u{FFFD}" : character
  }
}
