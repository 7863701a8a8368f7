import Testing

@testable import HollowCLI

@Suite struct DisplayWidthTests {
  @Test func asciiIsOneColumnEach() {
    #expect(DisplayWidth.of("hello") == 5)
    #expect(DisplayWidth.of("") == 0)
  }

  @Test func cjkKanaHangulAndFullWidthAreTwoColumns() {
    #expect(DisplayWidth.of("树洞") == 4)
    #expect(DisplayWidth.of("かな") == 4)
    #expect(DisplayWidth.of("한글") == 4)
    #expect(DisplayWidth.of("，！") == 4)
    #expect(DisplayWidth.of("ＡＢ") == 4)
  }

  @Test func emojiAreTwoColumnsAndCombiningMarksNone() {
    #expect(DisplayWidth.of("🙏") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("a\u{200B}b") == 2)
  }

  @Test func controlCharactersTakeNoColumns() {
    #expect(DisplayWidth.of("\u{1B}") == 0)
    #expect(DisplayWidth.of("a\u{7}") == 1)
  }
}
