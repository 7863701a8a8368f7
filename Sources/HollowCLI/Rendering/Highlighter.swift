import Foundation

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
  func mask(for text: String) -> [Bool] {
    var marked = [Bool](repeating: false, count: text.count)
    for keyword in keywords {
      var searchStart = text.startIndex
      while searchStart < text.endIndex,
        let range = text.range(of: keyword, options: [.caseInsensitive], range: searchStart..<text.endIndex)
      {
        let lower = text.distance(from: text.startIndex, to: range.lowerBound)
        let upper = text.distance(from: text.startIndex, to: range.upperBound)
        for offset in lower..<max(lower, min(upper, marked.count)) { marked[offset] = true }
        searchStart = range.upperBound > range.lowerBound ? range.upperBound : text.index(after: range.lowerBound)
      }
    }
    return marked
  }
}
