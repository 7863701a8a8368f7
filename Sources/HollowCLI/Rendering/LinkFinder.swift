/// Finds the web addresses (`http://` and `https://`) in a post's or comment's text.
///
/// An address runs from its scheme to the first space, control, non-ASCII character (CJK text
/// and its punctuation, such as `，` or `）`, often follow an address without a space) or
/// character that an address never holds unescaped (`<>"{}|\^` and the backquote). Punctuation
/// that ends a sentence (`.,;:!?'"*`) is not part of it, nor a closing `)` or `]` without its
/// opening one, so `(see https://a.example/x).` yields `https://a.example/x`.
///
/// The work is bounded on any text: the bytes are read once, an address longer than
/// ``maximumLength`` is not one, and at most ``maximumLinks`` are found.
///
/// ```swift
/// LinkFinder.links(in: "看这个https://example.com/a?b=1，很好").map(\.url)  // ["https://example.com/a?b=1"]
/// ```
enum LinkFinder {
  /// One address and where it is in the text.
  struct Link: Sendable, Equatable {
    var url: String
    /// UTF-8 offsets in the text.
    var range: Range<Int>
  }

  /// Longer runs are not taken for addresses (browsers and servers refuse far shorter ones).
  static let maximumLength = 2048
  /// A text with more addresses than this has its first ones found.
  static let maximumLinks = 100

  /// The addresses in `text`, in order.
  static func links(in text: String) -> [Link] {
    // The usual text has no "://" at all: answered without a copy.
    guard text.utf8.contains(UInt8(ascii: ":")) else { return [] }
    let bytes = Array(text.utf8)
    var links: [Link] = []
    var index = 0
    while index < bytes.count, links.count < maximumLinks {
      guard let afterScheme = scheme(in: bytes, at: index) else {
        index += 1
        continue
      }
      var end = afterScheme
      while end < bytes.count, isAddressByte(bytes[end]) { end += 1 }
      let trimmed = trimmedEnd(bytes, from: index, to: end)
      if trimmed - afterScheme > 0, trimmed - index <= maximumLength, startsHost(bytes[afterScheme]) {
        links.append(Link(url: String(decoding: bytes[index..<trimmed], as: UTF8.self), range: index..<trimmed))
      }
      index = max(end, index + 1)
    }
    return links
  }

  /// `spans` with each address in their text drawn as a link (``TextStyle/link(_:)``): the spans
  /// are split where addresses start and end. A search keyword inside an address is drawn as the
  /// address (the link stays whole).
  static func marking(_ spans: [Span]) -> [Span] {
    let text = spans.map(\.text).joined()
    let links = links(in: text)
    guard !links.isEmpty else { return spans }
    var result: [Span] = []
    var offset = 0
    var next = 0
    for span in spans {
      let bytes = Array(span.text.utf8)
      var start = 0
      while start < bytes.count {
        let absolute = offset + start
        while next < links.count, links[next].range.upperBound <= absolute { next += 1 }
        let piece: Int
        let style: TextStyle
        if next < links.count, links[next].range.contains(absolute) {
          piece = min(bytes.count, links[next].range.upperBound - offset)
          style = .link(links[next].url)
        } else {
          piece = next < links.count ? min(bytes.count, links[next].range.lowerBound - offset) : bytes.count
          style = span.style
        }
        result.append(Span(String(decoding: bytes[start..<piece], as: UTF8.self), style))
        start = piece
      }
      offset += bytes.count
    }
    return result
  }

  /// The index after `http://` or `https://` (any case) at `index`, when one starts there and
  /// is not the tail of a longer word (`xhttp://`).
  private static func scheme(in bytes: [UInt8], at index: Int) -> Int? {
    guard bytes[index] | 0x20 == UInt8(ascii: "h") else { return nil }
    if index > 0, isWordByte(bytes[index - 1]) { return nil }
    func matches(_ literal: StaticString, at start: Int) -> Bool {
      guard start + literal.utf8CodeUnitCount <= bytes.count else { return false }
      // Lowercase letters match either case; ":" and "/" are unchanged by the 0x20 bit.
      for offset in 0..<literal.utf8CodeUnitCount
      where bytes[start + offset] | 0x20 != literal.utf8Start[offset] {
        return false
      }
      return true
    }
    if matches("https://", at: index) { return index + 8 }
    if matches("http://", at: index) { return index + 7 }
    return nil
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: false
    }
  }

  /// A host starts with a letter, a digit or `[` (an IPv6 literal).
  private static func startsHost(_ byte: UInt8) -> Bool {
    isWordByte(byte) || byte == UInt8(ascii: "[")
  }

  /// Printable ASCII that an address may hold.
  private static func isAddressByte(_ byte: UInt8) -> Bool {
    guard (0x21...0x7E).contains(byte) else { return false }
    return !"<>\"{}|\\^`".utf8.contains(byte)
  }

  /// Where the address of `bytes[start..<end]` ends without its trailing punctuation and
  /// unbalanced closing brackets; linear in its length.
  private static func trimmedEnd(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var balance: [UInt8: Int] = [UInt8(ascii: ")"): 0, UInt8(ascii: "]"): 0]
    for byte in bytes[start..<end] {
      switch byte {
      case UInt8(ascii: "("): balance[UInt8(ascii: ")"), default: 0] += 1
      case UInt8(ascii: "["): balance[UInt8(ascii: "]"), default: 0] += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"): balance[byte, default: 0] -= 1
      default: break
      }
    }
    var trimmed = end
    while trimmed > start {
      let last = bytes[trimmed - 1]
      if ".,;:!?'\"*".utf8.contains(last) {
        trimmed -= 1
      } else if let open = balance[last], open < 0 {
        balance[last] = open + 1
        trimmed -= 1
      } else {
        break
      }
    }
    return trimmed
  }
}
