#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The real image, for a terminal that draws it itself: kitty's graphics protocol (PNG only:
/// `a=T,f=100`, the base64 in chunks of 4096 with `m=1` on all but the last) or iTerm2's inline
/// images (`File=inline=1`, PNG or JPEG). Either is asked to fill a box of ``PictureSize`` cells,
/// the cursor staying put (kitty `C=1`) and kitty's replies switched off (`q=2`: they would arrive
/// as keys).
///
/// The picture is one line holding the sequence followed by `rows - 1` empty lines that reserve
/// the rows it covers; ``Frame`` and ``FrameDiffer`` find it again with ``reservedRows(in:)`` to
/// draw it after the text and clear it when it moves.
///
/// ```swift
/// let lines = InlinePicture.kitty(png: data, size: PictureSize(columns: 20, pixelRows: 20))
/// lines.count  // 10: the sequence, then 9 reserved rows
/// ```
enum InlinePicture {
  /// Base64 characters per kitty chunk (the protocol's maximum; a multiple of 4).
  static let kittyChunk = 4096

  static func kitty(png: Data, size: PictureSize) -> [TerminalText] {
    let base64 = png.base64EncodedString()
    var sequence = TerminalText.empty
    var start = base64.startIndex
    var first = true
    repeat {
      let end = base64.index(start, offsetBy: kittyChunk, limitedBy: base64.endIndex) ?? base64.endIndex
      let more = end < base64.endIndex ? 1 : 0
      let keys = first ? "a=T,f=100,q=2,C=1,c=\(size.columns),r=\(size.rows),m=\(more)" : "q=2,m=\(more)"
      sequence += .control(.kittyGraphics(keys: keys, base64: String(base64[start..<end])))
      start = end
      first = false
    } while start < base64.endIndex
    return [sequence] + Array(repeating: TerminalText.empty, count: size.rows - 1)
  }

  static func iTerm(image: Data, size: PictureSize) -> [TerminalText] {
    let keys = "inline=1;size=\(image.count);width=\(size.columns);height=\(size.rows);preserveAspectRatio=1"
    return [.control(.iTermImage(keys: keys, base64: image.base64EncodedString()))]
      + Array(repeating: TerminalText.empty, count: size.rows - 1)
  }

  /// Deletes every kitty placement on the screen and frees its data (`a=d,d=A`).
  static let kittyDeleteAll = TerminalText.control(.kittyGraphics(keys: "a=d,d=A,q=2", base64: ""))

  /// The rows the inline image in `line` covers (its own included), or nil when it has none.
  static func reservedRows(in line: TerminalText) -> Int? {
    let text = line.text
    if let start = text.firstRange(of: "\u{1B}_G") {
      let keys = text[start.upperBound...].prefix { $0 != ";" && $0 != "\u{1B}" }
      return value(of: "r", in: keys.split(separator: ","))
    }
    if let start = text.firstRange(of: "\u{1B}]1337;File=") {
      let keys = text[start.upperBound...].prefix { $0 != ":" && $0 != "\u{07}" }
      return value(of: "height", in: keys.split(separator: ";"))
    }
    return nil
  }

  /// Whether `line` holds a kitty image.
  static func isKitty(_ line: TerminalText) -> Bool {
    line.text.contains("\u{1B}_G")
  }

  private static func value(of key: String, in pairs: [Substring]) -> Int? {
    for pair in pairs where pair.hasPrefix(key + "=") {
      return Int(pair.dropFirst(key.count + 1)).map { max(1, $0) }
    }
    return nil
  }
}
