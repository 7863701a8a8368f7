import HollowKit
import Testing

@Suite struct FormFieldTests {
  @Test func keepsUnreservedCharactersAndEscapesTheRest() {
    #expect(FormField.percentEncode("AZaz09-._~") == "AZaz09-._~")
    #expect(FormField.percentEncode("a b+c&d=e/f?#%") == "a%20b%2Bc%26d%3De%2Ff%3F%23%25")
  }

  @Test func encodesChineseAsUTF8Bytes() {
    #expect(FormField.percentEncode("猫") == "%E7%8C%AB")
    #expect(FormField.encode([FormField("text", "你好 world")]) == "text=%E4%BD%A0%E5%A5%BD%20world")
  }

  @Test func repeatsArrayFieldsWithEscapedBrackets() {
    let fields = [FormField("vote_options[]", "是"), FormField("vote_options[]", "否")]
    #expect(FormField.encode(fields) == "vote_options%5B%5D=%E6%98%AF&vote_options%5B%5D=%E5%90%A6")
  }

  @Test func encodesEmptyValuesAndNoFields() {
    #expect(FormField.encode([FormField("tag", "")]) == "tag=")
    #expect(FormField.encode([]) == "")
  }

  @Test func escapesEmojiAndNewlines() {
    #expect(FormField.percentEncode("😀\n") == "%F0%9F%98%80%0A")
  }
}
