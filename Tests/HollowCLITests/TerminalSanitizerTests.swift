import Testing

@testable import HollowCLI

/// The one filter: every escape sequence and control a hostile text could carry becomes `�`.
@Suite struct TerminalSanitizerTests {
  private func clean(_ text: String) -> String { TerminalSanitizer.sanitize(text) }

  /// Hostile texts and what a terminal must be shown instead.
  static let attacks: [(name: String, text: String, shown: String)] = [
    ("OSC 52 clipboard write, BEL", "a\u{1B}]52;c;cm0gLXJmIH4=\u{07}b", "a\u{FFFD}b"),
    ("OSC 52 clipboard write, ST", "a\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\b", "a\u{FFFD}b"),
    ("OSC 0 title", "\u{1B}]0;you have been pwned\u{07}hi", "\u{FFFD}hi"),
    ("OSC 8 hyperlink", "\u{1B}]8;;http://evil\u{1B}\\click\u{1B}]8;;\u{1B}\\", "\u{FFFD}click\u{FFFD}"),
    ("CSI 2J clear screen", "x\u{1B}[2J\u{1B}[Hy", "x\u{FFFD}\u{FFFD}y"),
    ("SGR 8 hidden text", "see \u{1B}[8msecret\u{1B}[28m", "see \u{FFFD}secret\u{FFFD}"),
    ("cursor movement", "\u{1B}[10A\u{1B}[2Koverwritten", "\u{FFFD}\u{FFFD}overwritten"),
    ("reset (RIS)", "\u{1B}cafter", "\u{FFFD}after"),
    ("charset switch", "\u{1B}(0lqk", "\u{FFFD}lqk"),
    ("DCS", "\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "\u{FFFD}end"),
    ("8-bit CSI", "a\u{9B}31mb", "a\u{FFFD}b"),
    ("8-bit OSC", "a\u{9D}0;title\u{9C}b", "a\u{FFFD}b"),
    ("bare C1", "a\u{85}b\u{9C}c", "a\u{FFFD}b\u{FFFD}c"),
    ("C0 and DEL", "a\u{0}b\u{7}c\u{8}d\u{7F}e", "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"),
    ("carriage return overwrite", "safe\rEVIL", "safe\u{FFFD}EVIL"),
    ("bidi override", "abc\u{202E}gpj.exe", "abc\u{FFFD}gpj.exe"),
    ("bidi embeddings", "\u{202A}\u{202B}\u{202C}\u{202D}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
    ("bidi isolates", "\u{2066}a\u{2067}b\u{2068}c\u{2069}", "\u{FFFD}a\u{FFFD}b\u{FFFD}c\u{FFFD}"),
    ("line separators", "a\u{2028}b\u{2029}c", "a\u{FFFD}b\u{FFFD}c"),
    ("unterminated OSC shows the rest", "a\u{1B}]52;c;payload", "a\u{FFFD}52;c;payload"),
    ("OSC cut by another escape", "\u{1B}]0;x\u{1B}[31mred", "\u{FFFD}0;x\u{FFFD}red"),
    ("lone ESC at the end", "end\u{1B}", "end\u{FFFD}"),
    ("ESC then a non-ASCII character", "\u{1B}树", "\u{FFFD}树"),
    ("unterminated CSI", "a\u{1B}[12;", "a\u{FFFD}"),
  ]

  @Test(arguments: attacks.indices)
  func everyAttackIsNeutralised(_ index: Int) {
    let attack = Self.attacks[index]
    let shown = clean(attack.text)
    #expect(shown == attack.shown, "\(attack.name)")
    #expect(!shown.unicodeScalars.contains(where: TerminalSanitizer.isUnsafe), "\(attack.name)")
  }

  @Test func cleanTextIsUnchanged() {
    for text in ["", "plain", "树洞 🙏 Ünïcødé", "a\u{200B}b", "e\u{301}", "👨‍👩‍👧", "ع ب"] {
      #expect(clean(text) == text)
    }
  }

  @Test func newlinesAreKeptOnlyWhenAsked() {
    #expect(clean("a\nb") == "a\u{FFFD}b")
    #expect(TerminalSanitizer.sanitize("a\nb\r\nc", keepingNewlines: true) == "a\nb\nc")
    #expect(TerminalSanitizer.sanitize("a\rb", keepingNewlines: true) == "a\u{FFFD}b")
    #expect(clean("a\tb") == "a b")
  }

  @Test func substringsAreSanitizedToo() {
    let text = "keep\u{1B}[2Jthis"
    #expect(TerminalSanitizer.sanitize(text.dropFirst(2)) == "ep\u{FFFD}this")
  }

  @Test func sanitizingTwiceChangesNothing() {
    for attack in Self.attacks {
      #expect(clean(clean(attack.text)) == clean(attack.text))
    }
  }

  @Test func randomBytesNeverLeaveAControl() {
    var generator = SplitMix(seed: 42)
    let alphabet: [Unicode.Scalar] = [
      "\u{1B}", "[", "]", "P", "\\", "\u{07}", "\u{9B}", "\u{9D}", "\u{9C}", "\u{202E}", "\u{2066}", "\r", "\n", "\t",
      "0", ";", "m", "a", "树", "\u{0}", "\u{7F}", "\u{85}", "(",
    ]
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
      }
      for keepingNewlines in [false, true] {
        let shown = TerminalSanitizer.sanitize(String(text), keepingNewlines: keepingNewlines)
        let left = shown.unicodeScalars.filter { TerminalSanitizer.isUnsafe($0) && !(keepingNewlines && $0 == "\n") }
        #expect(left.isEmpty, "\(String(text).debugDescription) -> \(shown.debugDescription)")
      }
    }
  }
}
