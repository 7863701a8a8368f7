/// Wraps styled text to a number of terminal columns, measuring by display width (a CJK
/// character takes two columns).
///
/// Lines break at spaces, and between any two wide characters, since CJK text has no spaces; a
/// word longer than a line is cut. A newline in the text always starts a new line. The text goes
/// through ``TerminalSanitizer`` first: control characters and escape sequences (which could move
/// the cursor or change colours) are shown as `�`, tabs as a space.
///
/// The text is read once, character by character, and each line is handed on as soon as it is
/// complete, so the cost is linear and the memory one line (plus the lines kept); past
/// `maximumLines` the rest is only counted.
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
    wrap(spans, maximumLines: nil).lines
  }

  /// The first `maximumLines` lines (all when `nil`), and how many more there are.
  public func wrap(_ spans: [Span], maximumLines: Int?) -> (lines: [[Span]], hiddenLines: Int) {
    var builder = LineBuilder(width: width, maximumLines: maximumLines)
    for span in spans {
      let text = TerminalSanitizer.sanitize(span.text, keepingNewlines: true)
      for character in text {
        if character == "\n" {
          builder.endParagraph()
        } else {
          builder.add(character, style: span.style)
        }
      }
    }
    builder.endParagraph()
    return (builder.lines, builder.hiddenLines)
  }
}

/// The greedy line filler behind ``TextWrapper``: break units are a word with its trailing
/// spaces, or a single wide character. A word is placed when it ends; one that outgrows a line
/// is cut character by character from then on. Trailing spaces are only counted (never stored
/// beyond what fits), so a run of a million spaces costs nothing.
private struct LineBuilder {
  let width: Int
  let maximumLines: Int?
  /// The finished lines kept, at most `maximumLines`.
  private(set) var lines: [[Span]] = []
  /// The finished lines past `maximumLines`, only counted.
  private(set) var hiddenLines = 0

  private var line: [Span] = []
  private var lineWidth = 0
  /// Whether anything was placed on the line (a zero-width character counts).
  private var hasContent = false
  /// Spaces after the line's content, by style, not yet placed (they may end up trimmed).
  private var spaces: [(style: TextStyle, count: Int)] = []
  private var spaceCount = 0
  /// Whether anything (content or spaces) is on the current line.
  private var lineIsEmpty: Bool { !hasContent && spaceCount == 0 }
  /// Whether lines are still kept: past the limit only widths are tracked.
  private var isRecording: Bool { maximumLines.map { lines.count < $0 } ?? true }

  /// The current word, while it fits on a line.
  private var word: [Span] = []
  private var wordWidth = 0
  private var wordIsEmpty = true
  /// The current word outgrew a line: its characters are placed one by one.
  private var cutting = false
  /// The last character was a space or a wide character: the next other character starts a unit.
  private var unitEnded = false

  init(width: Int, maximumLines: Int?) {
    self.width = width
    self.maximumLines = maximumLines
  }

  mutating func add(_ character: Character, style: TextStyle) {
    let characterWidth = DisplayWidth.of(character)
    if character == " " {
      finishWord()
      addSpace(style)
      unitEnded = true
      return
    }
    if unitEnded {
      cutting = false
      unitEnded = false
    }
    if characterWidth > 1 {
      // A wide character is a unit of its own.
      finishWord()
      cutting = false
      appendToWord(character, style: style, width: characterWidth)
      finishWord()
      unitEnded = true
      return
    }
    if cutting {
      cut(character, style: style, width: characterWidth)
      return
    }
    appendToWord(character, style: style, width: characterWidth)
    if wordWidth > width {
      // Longer than a whole line: it is cut wherever it goes, so it starts right here, after
      // what the line holds (a poll's mark stays beside its option), and is cut where lines fill.
      let pending = word
      clearWord()
      cutting = true
      for span in pending {
        for character in span.text { cut(character, style: span.style, width: DisplayWidth.of(character)) }
      }
    }
  }

  mutating func endParagraph() {
    finishWord()
    endLine()
    cutting = false
    unitEnded = false
  }

  private mutating func appendToWord(_ character: Character, style: TextStyle, width characterWidth: Int) {
    wordWidth += characterWidth
    wordIsEmpty = false
    Self.append(character, style: style, to: &word)
  }

  private mutating func clearWord() {
    word = []
    wordWidth = 0
    wordIsEmpty = true
  }

  /// Places the finished word: on this line if it fits after the spaces, else on the next.
  private mutating func finishWord() {
    guard !wordIsEmpty else { return }
    if lineWidth + spaceCount + wordWidth > width, !lineIsEmpty { endLine() }
    placeSpaces()
    if isRecording {
      for span in word { Self.append(span.text, style: span.style, to: &line) }
    }
    lineWidth += wordWidth
    hasContent = true
    clearWord()
  }

  private mutating func addSpace(_ style: TextStyle) {
    if cutting, lineWidth + spaceCount + 1 > width, !lineIsEmpty { return }
    spaceCount += 1
    // Spaces past the width can never be placed (anything after them breaks the line), so only
    // their number is kept.
    guard spaceCount <= width else { return }
    if let last = spaces.last, last.style == style {
      spaces[spaces.count - 1].count += 1
    } else {
      spaces.append((style, 1))
    }
  }

  private mutating func placeSpaces() {
    if isRecording {
      for run in spaces { Self.append(String(repeating: " ", count: run.count), style: run.style, to: &line) }
    }
    lineWidth += spaceCount
    spaces = []
    spaceCount = 0
  }

  private mutating func cut(_ character: Character, style: TextStyle, width characterWidth: Int) {
    if lineWidth + spaceCount + characterWidth > width, !lineIsEmpty { endLine() }
    placeSpaces()
    if isRecording { Self.append(character, style: style, to: &line) }
    lineWidth += characterWidth
    hasContent = true
  }

  /// Hands on the line without its trailing spaces, and starts the next.
  private mutating func endLine() {
    if isRecording {
      lines.append(line)
    } else {
      hiddenLines += 1
    }
    line = []
    lineWidth = 0
    hasContent = false
    spaces = []
    spaceCount = 0
  }

  private static func append(_ character: Character, style: TextStyle, to spans: inout [Span]) {
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text.append(character)
    } else {
      spans.append(Span(String(character), style))
    }
  }

  private static func append(_ text: String, style: TextStyle, to spans: inout [Span]) {
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text += text
    } else {
      spans.append(Span(text, style))
    }
  }
}
