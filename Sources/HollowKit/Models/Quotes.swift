/// Finds the posts a text cites as `#<pid>`.
///
/// Matches what the regex `#\d{1,7}` finds, scanning left to right without overlap: a `#`
/// followed by one to seven ASCII digits (an eighth digit is not part of the match, so `#12345678`
/// cites 1234567). Only ASCII digits count, so full-width digits do not cite.
///
/// ```swift
/// Quotes.pids(in: "see #123 and #45, again #123")  // [123, 45]
/// Quotes.pids(in: "I am #7, see #8", excluding: 7)  // [8]
/// ```
public enum Quotes {
  /// The distinct cited pids in order of first appearance, leaving out `excluding` (the post's own pid).
  public static func pids(in text: String, excluding ownPid: Int? = nil) -> [Int] {
    var found: [Int] = []
    var seen: Set<Int> = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "#") else {
        index += 1
        continue
      }
      index += 1
      var value = 0
      var digits = 0
      while digits < maximumDigits, index < bytes.count, let digit = asciiDigit(bytes[index]) {
        value = value * 10 + digit
        digits += 1
        index += 1
      }
      if digits > 0, value != ownPid, seen.insert(value).inserted {
        found.append(value)
      }
    }
    return found
  }

  private static let maximumDigits = 7

  private static func asciiDigit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}
