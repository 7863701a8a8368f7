/// Marks every occurrence of the search keywords in a text, ignoring case.
///
/// With colours the keywords get the ``TextStyle/highlight`` style; without, they are wrapped in
/// `*` so a plain terminal or a pipe still shows them. Overlapping keywords ("猫" and "猫咪") mark
/// the union of their matches.
///
/// ```swift
/// Highlighter(keywords: ["cat"], colors: false).spans(for: "Cat and cat")
/// // [Span("*Cat*"), Span(" and "), Span("*cat*")]
/// ```
public struct Highlighter: Sendable {
  /// The keywords; empty ones are ignored.
  public let keywords: [String]
  public let colors: Bool

  /// The marker around a keyword when colours are off.
  public static let marker = "*"

  public init(keywords: [String], colors: Bool) {
    self.keywords = keywords.filter { !$0.isEmpty }
    self.colors = colors
  }

  /// A highlighter that marks nothing.
  public static let none = Highlighter(keywords: [], colors: false)

  /// `text` split into spans of `style` and highlighted keywords.
  public func spans(for text: String, style: TextStyle = .plain) -> [Span] {
    // Nothing to look for (every text but a search's): the text as it is, not a copy.
    guard !keywords.isEmpty else { return text.isEmpty ? [] : [Span(text, style)] }
    let marked = mask(for: text)
    var spans: [Span] = []
    var current = ""
    var currentIsMatch = false
    func flush() {
      guard !current.isEmpty else { return }
      if currentIsMatch {
        spans.append(colors ? Span(current, .highlight) : Span(Self.marker + current + Self.marker, style))
      } else {
        spans.append(Span(current, style))
      }
      current = ""
    }
    for (character, isMatch) in zip(text, marked) {
      // A newline inside a match ends the marked run, so markers never straddle lines.
      let isMatch = isMatch && character != "\n"
      if isMatch != currentIsMatch { flush() }
      currentIsMatch = isMatch
      current.append(character)
    }
    flush()
    return spans
  }

  /// One flag per character of `text`: whether it is part of a keyword match.
  ///
  /// Linear: each keyword (at most 30 characters, as the API allows) is compared, case folded,
  /// against a window of the last characters read, so a long text with many matches costs the same
  /// per character as one without.
  func mask(for text: String) -> [Bool] {
    let patterns = keywords.map { $0.map(Self.folded) }.filter { !$0.isEmpty }
    guard !patterns.isEmpty else { return [Bool](repeating: false, count: text.count) }
    let windowSize = patterns.map(\.count).max() ?? 0
    var marked: [Bool] = []
    var window: [String] = []
    window.reserveCapacity(windowSize)
    for character in text {
      if window.count == windowSize { window.removeFirst() }
      window.append(Self.folded(character))
      marked.append(false)
      for pattern in patterns where pattern.count <= window.count && window.suffix(pattern.count).elementsEqual(pattern)
      {
        for offset in (marked.count - pattern.count)..<marked.count { marked[offset] = true }
      }
    }
    return marked
  }

  /// A character as matching compares it: lowercased.
  private static func folded(_ character: Character) -> String {
    if let ascii = character.asciiValue, (0x41...0x5A).contains(ascii) {
      return String(Character(Unicode.Scalar(ascii + 0x20)))
    }
    return character.isASCII ? String(character) : character.lowercased()
  }
}
