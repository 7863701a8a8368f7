/// Turns the bytes a terminal in raw mode sends into ``Key``s: UTF-8 characters, control keys,
/// CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn, Delete) and SGR (1006) mouse reports, of
/// which the wheel is kept. A pure parser: bytes in, keys out, no I/O.
///
/// A sequence or a character split between two reads is kept until the rest arrives (at most
/// ``maximumPending`` bytes, so garbage cannot grow it). An ESC that ends a read is the Escape
/// key: terminals write a whole sequence at once, and a person pressing Esc sends it alone.
///
/// A bracketed paste (`ESC [200~` … `ESC [201~`, asked for by the reader on entering) is one
/// ``Key/paste(_:)`` whatever it holds and however many reads it spans: its newlines and escapes
/// never act as keys. It is held until its end (at most ``maximumPaste`` bytes; the rest is
/// dropped, so an endless paste costs bounded memory).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])        // [] (the start of a sequence)
/// decoder.decode([0x36, 0x7E])        // [.pageDown]
/// decoder.decode(Array("树".utf8))    // [.character("树")]
/// ```
public struct KeyDecoder: Sendable, Equatable {
  private var pending: [UInt8] = []
  /// Inside a bracketed paste: the bytes so far (`nil` outside one).
  private var pasted: [UInt8]?

  /// The most bytes of one paste kept (four times the longest post, in the longest UTF-8).
  public static let maximumPaste = 160_000
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The longest unfinished sequence kept between reads.
  public static let maximumPending = 64

  public init() {}

  /// The keys in `bytes` (with whatever an earlier read left unfinished).
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending + bytes
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < input.count {
      if pasted != nil {
        guard let end = pasteText(input, from: index, into: &keys) else { return keys }
        index = end
        continue
      }
      if input[index] == 0x1B, input[index...].starts(with: Self.pasteStart) {
        pasted = []
        index += Self.pasteStart.count
        continue
      }
      switch Self.step(input, at: index) {
      case .key(let key, let next):
        if let key { keys.append(key) }
        index = next
      case .incomplete:
        let rest = Array(input[index...])
        // An endless unfinished sequence is dropped rather than kept.
        if rest.count <= Self.maximumPending { pending = rest }
        return keys
      }
    }
    return keys
  }

  /// Takes paste bytes from `index` until the end marker: answers where the keys go on after it,
  /// or nil when the read ended inside the paste (a partial end marker is kept for the next read).
  private mutating func pasteText(_ input: [UInt8], from index: Int, into keys: inout [Key]) -> Int? {
    let marker = Self.pasteEnd
    var position = index
    while position < input.count {
      if input[position] == 0x1B {
        let rest = input[position...]
        if rest.starts(with: marker) {
          keys.append(.paste(Self.pasteText(pasted ?? [])))
          pasted = nil
          return position + marker.count
        }
        if marker.starts(with: rest) {
          pending = Array(rest)
          return nil
        }
      }
      if (pasted?.count ?? 0) < Self.maximumPaste { pasted?.append(input[position]) }
      position += 1
    }
    return nil
  }

  /// A paste's bytes as text: CR LF and CR become LF, a tab stays, every other control character
  /// (escapes included) is dropped, invalid UTF-8 becomes U+FFFD.
  static func pasteText(_ bytes: [UInt8]) -> String {
    var text = ""
    var previousWasCR = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x0D:
        text.unicodeScalars.append("\n")
        previousWasCR = true
        continue
      case 0x0A:
        if !previousWasCR { text.unicodeScalars.append("\n") }
      case 0x09:
        text.unicodeScalars.append(scalar)
      case 0x00..<0x20, 0x7F...0x9F:
        break
      default:
        text.unicodeScalars.append(scalar)
      }
      previousWasCR = false
    }
    return text
  }

  private enum Step {
    /// A key (or nothing, for bytes that mean nothing to the reader) and where the next starts.
    case key(Key?, next: Int)
    /// The bytes from here on are the start of something: wait for more.
    case incomplete
  }

  private static func step(_ input: [UInt8], at index: Int) -> Step {
    let byte = input[index]
    switch byte {
    case 0x1B:
      return escape(input, at: index)
    case 0x0D:
      return .key(.enter, next: index + 1)
    case 0x09:
      return .key(.tab, next: index + 1)
    case 0x7F, 0x08:
      return .key(.backspace, next: index + 1)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(byte + 0x60))), next: index + 1)
    case 0x00..<0x20:
      return .key(nil, next: index + 1)
    case 0x20..<0x80:
      return .key(.character(Character(Unicode.Scalar(byte))), next: index + 1)
    default:
      return utf8(input, at: index)
    }
  }

  /// A multi-byte UTF-8 character; an invalid byte is skipped.
  private static func utf8(_ input: [UInt8], at index: Int) -> Step {
    let byte = input[index]
    let length: Int
    switch byte {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .key(nil, next: index + 1)
    }
    guard index + length <= input.count else {
      let available = input[(index + 1)...]
      return available.allSatisfy { $0 & 0xC0 == 0x80 } ? .incomplete : .key(nil, next: index + 1)
    }
    let bytes = input[index..<(index + length)]
    guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
      let character = String(validating: bytes, as: UTF8.self)?.first
    else { return .key(nil, next: index + 1) }
    return .key(.character(character), next: index + length)
  }

  private static func escape(_ input: [UInt8], at index: Int) -> Step {
    let next = index + 1
    guard next < input.count else { return .key(.escape, next: next) }
    switch input[next] {
    case 0x5B:  // "["
      return controlSequence(input, from: next + 1)
    case 0x4F:  // "O": SS3, the arrows of application cursor mode
      guard next + 1 < input.count else { return .incomplete }
      let key: Key? =
        switch input[next + 1] {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        default: nil
        }
      return .key(key, next: next + 2)
    case 0x1B:
      return .key(.escape, next: next)
    case 0x0D, 0x0A:
      return .key(.altEnter, next: next + 1)
    default:
      // Alt and a key: the reader has no Alt bindings, so it is Escape then the key.
      return .key(.escape, next: next)
    }
  }

  /// `ESC [` parameters, intermediates, final byte.
  private static func controlSequence(_ input: [UInt8], from start: Int) -> Step {
    var index = start
    while index < input.count, (0x30...0x3F).contains(input[index]) { index += 1 }
    while index < input.count, (0x20...0x2F).contains(input[index]) { index += 1 }
    guard index < input.count else { return .incomplete }
    let final = input[index]
    guard (0x40...0x7E).contains(final) else { return .key(nil, next: index) }
    let parameters = String(decoding: input[start..<index], as: UTF8.self)
    return .key(key(final: final, parameters: parameters), next: index + 1)
  }

  private static func key(final: UInt8, parameters: String) -> Key? {
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x7E:
      switch parameters.split(separator: ";").first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    case 0x4D, 0x6D:  // "M"/"m": an SGR mouse report, "<button;x;y"
      guard parameters.hasPrefix("<"), final == 0x4D,
        let button = parameters.dropFirst().split(separator: ";").first.flatMap({ Int($0) })
      else { return nil }
      switch button {
      case 64: return .wheelUp
      case 65: return .wheelDown
      default: return nil
      }
    default:
      return nil
    }
  }
}
