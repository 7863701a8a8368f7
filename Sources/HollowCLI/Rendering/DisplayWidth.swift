/// How many terminal columns text occupies: East Asian wide and full-width characters (CJK
/// ideographs, kana, hangul, full-width forms, most emoji) take two, combining marks and
/// zero-width characters none, everything else one.
///
/// ```swift
/// DisplayWidth.of("abc")     // 3
/// DisplayWidth.of("树洞")     // 4
/// ```
public enum DisplayWidth {
  /// The columns of a whole string.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns of one character (a grapheme cluster): the widest of its scalars, so an emoji
  /// with a variation selector or a letter with combining accents counts once.
  public static func of(_ character: Character) -> Int {
    // Printable ASCII, the bulk of most texts, needs no table.
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    return character.unicodeScalars.reduce(0) { max($0, of($1)) }
  }

  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    if contains(zeroWidth, value) { return 0 }
    if contains(wide, value) { return 2 }
    return 1
  }

  /// Binary search in sorted, disjoint ranges.
  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else if ranges[middle].lowerBound > value {
        high = middle
      } else {
        return true
      }
    }
    return false
  }

  private static let zeroWidth: [ClosedRange<UInt32>] = [
    0x0300...0x036F,  // combining diacritical marks
    0x200B...0x200F,  // zero-width space, joiners, direction marks
    0x20D0...0x20FF,  // combining marks for symbols
    0xFE00...0xFE0F,  // variation selectors
    0xFE20...0xFE2F,  // combining half marks
  ]

  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // hangul jamo
    0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
    0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
    0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
    0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
    0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
    0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E,  // CJK radicals, symbols and punctuation
    0x3041...0x33FF,  // kana, bopomofo, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // yi
    0xA960...0xA97F,  // hangul jamo extended A
    0xAC00...0xD7A3,  // hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // full-width forms
    0xFFE0...0xFFE6,  // full-width signs
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x1F300...0x1F64F,  // pictographs, emoticons
    0x1F680...0x1F6FF,  // transport and map symbols
    0x1F900...0x1F9FF,  // supplemental symbols and pictographs
    0x1FA70...0x1FAFF,  // symbols and pictographs extended A
    0x20000...0x3FFFD,  // CJK extensions B and later
  ]
}
