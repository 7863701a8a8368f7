// Chunked framing: the wire layer's ChunkSizeLine on every line of the input (a size it accepts reads back
// as the same digits), and the whole input as a chunked body after a valid head, whole or in pieces.
@testable import HollowKit
@testable import HollowWire

let head = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

func fuzz(_ bytes: [UInt8]) {
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    let content = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    guard let size = try? ChunkSizeLine.size(of: content) else { continue }
    // Accepted: the line starts with hexadecimal digits that are exactly this size.
    let digits = content.prefix { isHexDigit($0) }
    let significant = String(decoding: digits.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self).lowercased()
    guard content.first.map(isHexDigit) == true, size >= 0, significant == (size == 0 ? "" : String(size, radix: 16))
    else {
      fuzzFailure("'\(String(decoding: content, as: UTF8.self))' read as \(size)")
    }
  }
  var whole = HTTPResponseParser(limit: 1 << 16)
  var split = HTTPResponseParser(limit: 1 << 16)
  let input = head + bytes
  let first = Result { () throws(TransportFailure) in try whole.consume(input[...]) }
  var second: Result<HTTPClientResponse?, TransportFailure> = .success(nil)
  for index in input.indices {
    second = Result { () throws(TransportFailure) in try split.consume(input[index...index]) }
    if case .success(nil) = second { continue }
    break
  }
  guard first == second else { fuzzFailure("whole \(first) != byte by byte \(second)") }
}

func isHexDigit(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
    UInt8(ascii: "A")...UInt8(ascii: "F"):
    true
  default: false
  }
}
