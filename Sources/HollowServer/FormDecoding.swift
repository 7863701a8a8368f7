import HollowKit
import HollowWire

/// Percent-decoding for query strings and `application/x-www-form-urlencoded` bodies.
enum FormDecoding {
  /// `a=1&b=x+y%21` as items; `nil` when an escape is broken or the result is not UTF-8.
  static func items(_ bytes: some Collection<UInt8>) -> [QueryItem]? {
    var items: [QueryItem] = []
    for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(parts[0], plusIsSpace: true),
        let value = parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
      else { return nil }
      items.append(QueryItem(name: name, value: value))
    }
    return items
  }

  /// Decodes `%XX` escapes (and `+` as a space in forms); `nil` for a broken escape or invalid UTF-8.
  static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> String? {
    // Most values (a base64 image above all) have nothing to decode: validate them in one pass.
    if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
      return String(validating: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(HTTPSyntax.hexValue),
          let low = iterator.next().flatMap(HTTPSyntax.hexValue)
        else {
          return nil
        }
        output.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        output.append(UInt8(ascii: " "))
      default:
        output.append(byte)
      }
    }
    return String(validating: output, as: UTF8.self)
  }
}
