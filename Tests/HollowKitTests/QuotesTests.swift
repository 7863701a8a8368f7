import HollowKit
import Testing

@Suite struct QuotesTests {
  @Test(arguments: [
    ("see #123 and #45", [123, 45]),
    ("#0", [0]),
    ("#12345678", [1_234_567]),
    ("#1234567", [1_234_567]),
    ("#12#34", [12, 34]),
    ("##5", [5]),
    ("#", []),
    ("text ends with #", []),
    ("ends with #42", [42]),
    ("#7 #7 #8 #7", [7, 8]),
    ("洞#66号 and #全角", [66]),
    ("full-width #１２ is not a digit", []),
    ("#007", [7]),
    ("", []),
  ])
  func findsDistinctPidsInOrder(text: String, expected: [Int]) {
    #expect(Quotes.pids(in: text) == expected)
  }

  @Test func leavesOutTheOwnPid() {
    #expect(Quotes.pids(in: "I am #7, see #8 and #7", excluding: 7) == [8])
  }
}
