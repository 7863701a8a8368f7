/// Where an escape sequence (ECMA-48) that starts with ESC or a C1 introducer ends, so the whole
/// sequence, not just its first character, is replaced.
enum EscapeSequence {
  typealias Scalars = Substring.UnicodeScalarView

  /// The index after the sequence starting at `start`; just after `start` when it does not start one.
  static func end(in scalars: Scalars, startingAt start: Scalars.Index) -> Scalars.Index {
    let first = scalars[start].value
    let afterFirst = scalars.index(after: start)
    switch first {
    case 0x1B:
      guard afterFirst < scalars.endIndex else { return afterFirst }
      let second = scalars[afterFirst].value
      let afterSecond = scalars.index(after: afterFirst)
      switch second {
      case 0x5B:  // "[": CSI
        return controlSequenceEnd(in: scalars, from: afterSecond)
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
        return stringEnd(in: scalars, from: afterSecond) ?? afterSecond
      case 0x20...0x2F:  // intermediates, then a final byte: ESC ( B, ESC # 8
        var index = afterSecond
        while index < scalars.endIndex, (0x20...0x2F).contains(scalars[index].value) {
          index = scalars.index(after: index)
        }
        if index < scalars.endIndex, (0x30...0x7E).contains(scalars[index].value) {
          return scalars.index(after: index)
        }
        return index
      case 0x30...0x7E:  // a final byte at once: ESC c (reset), ESC 7, ESC =
        return afterSecond
      default:
        return afterFirst
      }
    case 0x9B:  // CSI
      return controlSequenceEnd(in: scalars, from: afterFirst)
    case 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // OSC, DCS, SOS, PM, APC
      return stringEnd(in: scalars, from: afterFirst) ?? afterFirst
    default:
      return afterFirst
    }
  }

  /// Parameter bytes, intermediate bytes, then the final byte (consumed when it is there).
  private static func controlSequenceEnd(in scalars: Scalars, from start: Scalars.Index) -> Scalars.Index {
    var index = start
    while index < scalars.endIndex, (0x30...0x3F).contains(scalars[index].value) {
      index = scalars.index(after: index)
    }
    while index < scalars.endIndex, (0x20...0x2F).contains(scalars[index].value) {
      index = scalars.index(after: index)
    }
    if index < scalars.endIndex, (0x40...0x7E).contains(scalars[index].value) {
      return scalars.index(after: index)
    }
    return index
  }

  /// The end of a control string (OSC, DCS...) after its terminator: BEL, ESC \ or ST. `nil` when
  /// it is not terminated before the text ends or another control starts: then only its
  /// introducer is replaced and the rest is shown (sanitized) rather than hidden. Stopping at the
  /// next control keeps the scan linear over the whole text.
  private static func stringEnd(in scalars: Scalars, from start: Scalars.Index) -> Scalars.Index? {
    var index = start
    while index < scalars.endIndex {
      let value = scalars[index].value
      let next = scalars.index(after: index)
      switch value {
      case 0x07, 0x9C:
        return next
      case 0x1B:
        return next < scalars.endIndex && scalars[next] == "\\" ? scalars.index(after: next) : nil
      case 0x00..<0x20, 0x7F...0x9F:
        return nil
      default:
        index = next
      }
    }
    return nil
  }
}
