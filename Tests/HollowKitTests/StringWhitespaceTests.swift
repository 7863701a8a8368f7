import Testing

@testable import HollowKit

@Suite struct StringWhitespaceTests {
  @Test func trimsWhiteSpaceAtBothEndsOnly() {
    #expect(" vim -f\n".trimmingWhitespace() == "vim -f")
    #expect("\t a b \r\n".trimmingWhitespace() == "a b")
    #expect("　全角　".trimmingWhitespace() == "全角")
    #expect("plain".trimmingWhitespace() == "plain")
  }

  @Test func allWhiteSpaceIsEmpty() {
    #expect("".trimmingWhitespace().isEmpty)
    #expect(" \n\t ".trimmingWhitespace().isEmpty)
  }
}
