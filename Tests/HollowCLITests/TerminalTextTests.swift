import Foundation
import Testing

@testable import HollowCLI

@Suite struct TerminalTextTests {
  @Test func everyWayInSanitizes() {
    let hostile = "a\u{1B}]52;c;eA==\u{07}b\nc"
    #expect(TerminalText(hostile).text == "a\u{FFFD}b\u{FFFD}c")
    #expect(TerminalText(hostile.dropFirst()).text == "\u{FFFD}b\u{FFFD}c")
    #expect(TerminalText(lines: hostile).text == "a\u{FFFD}b\nc")
    let literal: TerminalText = "x\u{1B}[2Jy\n"
    #expect(literal.text == "x\u{FFFD}y\n")
  }

  @Test func controlsComeOnlyFromTheProgramsOwnList() {
    #expect(TerminalText.control(.graphicRendition([1, 36])).text == "\u{1B}[1;36m")
    #expect(TerminalText.control(.eraseLine).text == "\r\u{1B}[2K")
    #expect(TerminalText.control(.eraseLastLine).text == "\u{1B}[1A\u{1B}[2K")
    let line = TerminalText.control(.graphicRendition([2])) + "dim" + .control(.graphicRendition([0]))
    #expect(line.text == "\u{1B}[2mdim\u{1B}[0m")
  }

  @Test func jsonKeepsItsMeaningWithoutRawControls() throws {
    let hostile = "C1 \u{9B}31m, bidi \u{202E}, separator \u{2028}, DEL \u{7F}, 树"
    let document = String(decoding: try JSONEncoder().encode(["text": hostile]), as: UTF8.self)
    let safe = TerminalText(json: document)
    #expect(!safe.text.unicodeScalars.contains(where: TerminalSanitizer.isUnsafe))
    #expect(safe.text.contains(#"\u009b"#))
    #expect(safe.text.contains(#"\u202e"#))
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(safe.text.utf8))
    #expect(decoded["text"] == hostile)
    let clean = #"{"a":"树"}"#
    #expect(TerminalText(json: clean).text == clean)
  }

  @Test func joiningAndAppending() {
    let lines: [TerminalText] = ["a", "b", "c"]
    #expect(lines.joined(separator: .newline).text == "a\nb\nc")
    #expect(lines.joined().text == "abc")
    var text = TerminalText.empty
    #expect(text.isEmpty)
    text += "x"
    text.append(.newline)
    #expect(text.text == "x\n")
  }

  @Test func plainStringsWrittenToAnOutputAreSanitized() {
    let output = CapturedOutput()
    output.write("line 1\n\u{1B}]0;title\u{07}line 2\n")
    #expect(output.text == "line 1\n\u{FFFD}line 2\n")
  }
}
