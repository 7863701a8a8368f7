import Testing

@testable import HollowCLI

@Suite struct KeyDecoderTests {
  private func keys(_ chunks: [String]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode(Array($0.utf8)) }
  }

  @Test func lettersAndControlKeys() {
    #expect(
      keys(["jk\r\u{7F}\t\u{03}"]) == [.character("j"), .character("k"), .enter, .backspace, .tab, .control("c")])
  }

  @Test func arrowsAndPagingKeysInCSIAndSS3Forms() {
    #expect(
      keys(["\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB"]) == [.up, .down, .right, .left, .up, .down])
    #expect(
      keys(["\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~"]) == [
        .pageUp, .pageDown, .home, .end, .home, .end, .delete,
      ])
    // Modifiers in the parameters do not change the key.
    #expect(keys(["\u{1B}[1;5A"]) == [.up])
  }

  @Test func escapeAloneAtTheEndOfAReadIsTheEscapeKey() {
    #expect(keys(["\u{1B}"]) == [.escape])
    #expect(keys(["\u{1B}\u{1B}"]) == [.escape, .escape])
    #expect(keys(["\u{1B}q"]) == [.escape, .character("q")])
  }

  @Test func aSequenceSplitBetweenReadsIsJoined() {
    #expect(keys(["\u{1B}[", "6~"]) == [.pageDown])
    #expect(keys(["\u{1B}[<6", "5;10;3M"]) == [.wheelDown])
    var decoder = KeyDecoder()
    let bytes = Array("树洞".utf8)
    #expect(decoder.decode(Array(bytes[0..<2])) == [])
    #expect(decoder.decode(Array(bytes[2..<4])) == [.character("树")])
    #expect(decoder.decode(Array(bytes[4...])) == [.character("洞")])
  }

  @Test func sgrMouseWheelIsDecodedAndClicksIgnored() {
    #expect(keys(["\u{1B}[<64;10;5M\u{1B}[<65;10;5M"]) == [.wheelUp, .wheelDown])
    #expect(keys(["\u{1B}[<0;10;5M\u{1B}[<0;10;5m"]) == [])
  }

  @Test func cjkAndEmojiArriveAsCharacters() {
    #expect(keys(["猫🐱"]) == [.character("猫"), .character("🐱")])
  }

  @Test func invalidBytesAreSkippedAndGarbageDoesNotGrowWithoutBound() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xFF, 0x61]) == [.character("a")])
    // An unfinished CSI longer than the limit is dropped, and decoding goes on afterwards.
    let endless = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 10_000)
    #expect(decoder.decode(endless) == [])
    #expect(decoder.decode(Array("j".utf8)) == [.character("j")])
    #expect(decoder == KeyDecoder())
  }
}

/// Bracketed paste and the newline keys: a paste is one key of text, never keys.
@Suite struct KeyDecoderPasteTests {
  @Test func aPasteIsOneKeyWhateverItHolds() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array("j\u{1B}[200~line one\r\nq\u{1B}[Bc\u{7}\tend\u{1B}[201~k".utf8))
    #expect(keys == [.character("j"), .paste("line one\nq[Bc\tend"), .character("k")])
  }

  @Test func aPasteSplitAcrossReadsAtAnyByteIsStillOnePaste() {
    let bytes = Array("\u{1B}[200~树洞\r第二行\u{1B}[201~x".utf8)
    // Not after the first ESC: an ESC that ends a read is the Escape key (terminals write the start
    // marker whole; the paste's own bytes and its end may be split anywhere).
    for split in 2..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.decode(Array(bytes[..<split])) + decoder.decode(Array(bytes[split...]))
      #expect(keys == [.paste("树洞\n第二行"), .character("x")], "split at \(split)")
    }
  }

  @Test func anEndlessPasteIsBounded() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~".utf8)).isEmpty)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 65_536)
    for _ in 0..<8 { #expect(decoder.decode(chunk).isEmpty) }
    let keys = decoder.decode(Array("\u{1B}[201~".utf8))
    guard case .paste(let text) = keys.first else {
      Issue.record("no paste: \(keys)")
      return
    }
    #expect(text.utf8.count == KeyDecoder.maximumPaste)
  }

  @Test func ctrlJAndAltEnterAreNotEnter() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x0A, 0x0D, 0x1B, 0x0D]) == [.control("j"), .enter, .altEnter])
  }
}
