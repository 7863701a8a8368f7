import Testing

@testable import HollowCLI

/// The token cannot be split by an escape sequence or an invisible character and so slip past the
/// replacement, whichever order sanitizing and redacting run in.
@Suite struct SecretRedactorTests {
  private let token = "s3cret-token-42"
  private var redactor: SecretRedactor { SecretRedactor(secrets: [token]) }

  /// The whole path an error message takes: raw redaction, sanitizing, then redaction again.
  private func shown(_ raw: String) -> String {
    redactor.redactSanitized(TerminalSanitizer.sanitize(redactor.redactRaw(raw), keepingNewlines: true))
  }

  /// Sanitize first, then redact (without the raw pass).
  private func sanitizedThenRedacted(_ raw: String) -> String {
    redactor.redactSanitized(TerminalSanitizer.sanitize(raw, keepingNewlines: true))
  }

  static let splits = [
    "s3cret-\u{1B}[0mtoken-42",  // SGR reset in the middle: a terminal shows the token whole
    "s3c\u{1B}]0;x\u{07}ret-token-42",  // an OSC that draws nothing
    "s3cret\u{1B}[8m\u{1B}[28m-token-42",  // hide and reveal nothing
    "s\u{9B}0m3cret-token-42",  // 8-bit CSI
    "s3cret-token\u{200B}-42",  // zero-width space
    "s3\u{2060}cret-tok\u{FEFF}en-42",  // word joiner, BOM
    "s3cret\u{7}-token-42",  // BEL, shown as �
  ]

  @Test(arguments: splits)
  func aTokenSplitByInvisibleThingsIsStillRedacted(_ split: String) {
    for order in [shown, sanitizedThenRedacted] {
      let text = order("server says: \(split) is wrong")
      #expect(text == "server says: <token> is wrong", "\(split.debugDescription) -> \(text.debugDescription)")
      #expect(!text.contains("s3cret"))
    }
  }

  @Test func aTokenThatContainsControlCharactersIsRedactedInBothForms() {
    let odd = SecretRedactor(secrets: ["ab\u{1B}cd"])
    #expect(odd.redactRaw("x ab\u{1B}cd y") == "x <token> y")
    // Sanitized first: the ESC became � (with what follows as its sequence); still caught.
    #expect(odd.redactSanitized(TerminalSanitizer.sanitize("x ab\u{1B}cd y")) == "x <token> y")
  }

  @Test func ownStylesInsideAMatchAreClosed() {
    let colored = "\u{1B}[1ms3cret-\u{1B}[0mtoken-42 rest"
    #expect(redactor.redactSanitized(colored) == "\u{1B}[1m<token>\u{1B}[0m rest")
  }

  @Test func othersAreUntouched() {
    for text in ["", "s3cret-token-4", "s3cret token-42", "S3CRET-TOKEN-42", "plain"] {
      #expect(shown(text) == text)
    }
    #expect(SecretRedactor.none.redactSanitized("s3cret-token-42") == "s3cret-token-42")
    #expect(SecretRedactor(secrets: [""]).redactRaw("abc") == "abc")
  }

  @Test func everyOccurrenceAndEverySecret() {
    let two = SecretRedactor(secrets: ["aaa", "bbb"])
    #expect(two.redactSanitized("aaa-bbb-a\u{200B}aa") == "<token>-<token>-<token>")
  }
}
