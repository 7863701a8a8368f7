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
