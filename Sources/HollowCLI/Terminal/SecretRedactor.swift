/// Blots secrets (the login token) out of what is written, so that no escape sequence or invisible
/// character can split a token and smuggle it past the replacement.
///
/// It runs twice around the sanitizer: ``redactRaw(_:)`` on the text as it came (catches a token
/// that itself contains characters the sanitizer would change), then ``redactSanitized(_:)`` on
/// the sanitized text, where a match may skip what the terminal does not show between the
/// token's characters: the `�` an escape sequence became, hollow-cli's own control sequences and
/// default-ignorable characters (zero-width spaces, joiners, bidi marks, variation selectors).
///
/// ```swift
/// let redactor = SecretRedactor(secrets: ["s3cret"])
/// redactor.redactSanitized("token s3\u{FFFD}cret")  // "token <token>"
/// ```
struct SecretRedactor: Sendable {
  /// What a secret is replaced with.
  static let mark = "<token>"

  /// The secrets as given, and as the sanitizer would show them (without ignorable characters).
  private let raw: [String]
  private let patterns: [[Unicode.Scalar]]

  init(secrets: [String]) {
    raw = secrets.filter { !$0.isEmpty }
    patterns = Set(raw).map { secret in
      TerminalSanitizer.sanitize(secret, keepingNewlines: true).unicodeScalars.filter { !Self.isSkippable($0) }
    }.filter { !$0.isEmpty }
  }

  /// Nothing to hide.
  static let none = SecretRedactor(secrets: [])

  /// `text`, as it came from wherever, with every secret replaced.
  func redactRaw(_ text: String) -> String {
    raw.reduce(text) { text, secret in text.replacing(secret, with: Self.mark) }
  }

  /// Sanitized `text` with every secret replaced, also where invisible characters split it.
  func redactSanitized(_ text: String) -> String {
    patterns.reduce(text) { text, pattern in Self.replace(pattern, in: text) }
  }

  private static func replace(_ pattern: [Unicode.Scalar], in text: String) -> String {
    guard let first = pattern.first, text.unicodeScalars.contains(first) else { return text }
    let scalars = text.unicodeScalars
    var result = String()
    var copied = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      guard scalars[index] == first, let (end, hidControls) = match(pattern, in: scalars, at: index) else {
        index = scalars.index(after: index)
        continue
      }
      result.unicodeScalars.append(contentsOf: scalars[copied..<index])
      result += mark
      // A style switched on or off inside the token is gone with it: end any style afterwards.
      if hidControls { result += TerminalControl.graphicRendition([0]).sequence }
      index = end
      copied = end
    }
    result.unicodeScalars.append(contentsOf: scalars[copied..<scalars.endIndex])
    return result
  }

  /// The end of a match of `pattern` starting at `start`, and whether it spans a control sequence.
  private static func match(_ pattern: [Unicode.Scalar], in scalars: String.UnicodeScalarView, at start: String.Index)
    -> (String.Index, Bool)?
  {
    var index = start
    var matched = 0
    var hidControls = false
    while matched < pattern.count {
      guard index < scalars.endIndex else { return nil }
      let scalar = scalars[index]
      if scalar == pattern[matched] {
        matched += 1
        index = scalars.index(after: index)
      } else if scalar == "\u{1B}" {
        // hollow-cli's own sequences are the only ones left: ESC [ … final byte.
        index = ownSequenceEnd(in: scalars, from: index)
        hidControls = true
      } else if isSkippable(scalar) {
        index = scalars.index(after: index)
      } else {
        return nil
      }
    }
    return (index, hidControls)
  }

  private static func ownSequenceEnd(in scalars: String.UnicodeScalarView, from start: String.Index) -> String.Index {
    var index = scalars.index(after: start)
    while index < scalars.endIndex {
      let value = scalars[index].value
      index = scalars.index(after: index)
      if (0x40...0x7E).contains(value), value != 0x5B { return index }
    }
    return index
  }

  /// What may sit between a token's characters without hiding it from a reader: characters a
  /// terminal shows as nothing, and the `�` that stands for a removed escape sequence.
  private static func isSkippable(_ scalar: Unicode.Scalar) -> Bool {
    scalar == TerminalSanitizer.replacement || scalar.properties.isDefaultIgnorableCodePoint
  }
}
