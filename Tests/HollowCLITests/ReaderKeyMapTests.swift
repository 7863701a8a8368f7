import Foundation
import Testing

@testable import HollowCLI

/// The key map and its help table agree with each other and with Docs/CLI.md: every key the
/// reader acts on is listed, and every listed key does something.
@Suite struct ReaderKeyMapTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The keys a word of the help table names.
  private static func keys(named word: Substring) -> [Key] {
    switch word {
    case "↓": [.down]
    case "↑": [.up]
    case "←": [.left]
    case "→": [.right]
    case "wheel": [.wheelDown, .wheelUp]
    case "space": [.character(" ")]
    case "PgDn": [.pageDown]
    case "PgUp": [.pageUp]
    case "Home": [.home]
    case "End": [.end]
    case "Enter": [.enter]
    case "Esc": [.escape]
    case "Backspace": [.backspace]
    case _ where word.hasPrefix("Ctrl-"): [.control(Character(word.dropFirst(5).lowercased()))]
    case _ where word.count == 1: [.character(word.first ?? " ")]
    default: []
    }
  }

  private static var listed: [Key] {
    ReaderKeyMap.help.flatMap { $0.keys.split(separator: " ").flatMap(keys(named:)) }
  }

  @Test func everyListedKeyDoesSomething() {
    for entry in ReaderKeyMap.help {
      for word in entry.keys.split(separator: " ") {
        let keys = Self.keys(named: word)
        #expect(!keys.isEmpty, "'\(word)' names no key")
        for key in keys {
          #expect(
            ReaderKeyMap.command(for: key, onList: true) != nil || ReaderKeyMap.command(for: key, onList: false) != nil,
            "\(key) is listed but does nothing")
        }
      }
    }
  }

  @Test func everyKeyTheReaderActsOnIsListed() {
    let printable = (0x20...0x7E).compactMap { Unicode.Scalar($0).map { Key.character(Character($0)) } }
    let controls = "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
    let special: [Key] = [
      .enter, .escape, .backspace, .tab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .delete,
      .wheelUp, .wheelDown,
    ]
    let listed = Self.listed
    for key in printable + controls + special
    where ReaderKeyMap.command(for: key, onList: true) != nil || ReaderKeyMap.command(for: key, onList: false) != nil {
      #expect(listed.contains(key), "\(key) does something but the help does not list it")
    }
  }

  @Test func docsCLIKeyTableIsTheHelp() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
    let table = text.split(separator: "\n").drop { $0 != "| keys | what they do |" }.dropFirst(2)
      .prefix { $0.hasPrefix("|") }
    let rows = table.map { row in
      row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let expected = ReaderKeyMap.help.map { ["`\($0.keys)`", $0.meaning] }
    #expect(rows == expected)
  }
}
