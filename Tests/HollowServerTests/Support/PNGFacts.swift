import HollowCache

/// Checks a PNG file the way a decoder would: signature, chunk CRCs, IHDR, and the zlib stream
/// of stored deflate blocks (length fields, Adler-32, and the raw size implied by IHDR).
struct PNGFacts {
  var width = 0
  var height = 0
  var chunkTypes: [String] = []
  var problems: [String] = []

  var isValid: Bool { problems.isEmpty }

  init(_ bytes: [UInt8]) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.starts(with: signature) else {
      problems.append("bad signature")
      return
    }
    var offset = 8
    var idat: [UInt8] = []
    while offset + 12 <= bytes.count {
      let length = Self.int(bytes, offset, 4)
      guard offset + 12 + length <= bytes.count else {
        problems.append("chunk overruns the file")
        return
      }
      let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
      let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
      chunkTypes.append(type)
      if UInt32(Self.int(bytes, offset + 8 + length, 4)) != CRC32.checksum(typeAndData) {
        problems.append("bad CRC in \(type)")
      }
      let data = Array(typeAndData.dropFirst(4))
      if type == "IHDR" {
        width = Self.int(data, 0, 4)
        height = Self.int(data, 4, 4)
        if Array(data[8...]) != [8, 2, 0, 0, 0] { problems.append("unexpected IHDR format") }
      }
      if type == "IDAT" { idat += data }
      offset += 12 + length
    }
    if chunkTypes.first != "IHDR" || chunkTypes.last != "IEND" { problems.append("chunk order \(chunkTypes)") }
    checkZlib(idat, expectedRawCount: height * (1 + width * 3))
  }

  private mutating func checkZlib(_ stream: [UInt8], expectedRawCount: Int) {
    guard stream.count >= 6, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
      problems.append("bad zlib header")
      return
    }
    var offset = 2
    var raw: [UInt8] = []
    var final = false
    while !final {
      guard offset + 5 <= stream.count, stream[offset] & 0b110 == 0 else {
        problems.append("not a stored block")
        return
      }
      final = stream[offset] & 1 == 1
      let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
      let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
      guard length ^ complement == 0xFFFF, offset + 5 + length <= stream.count else {
        problems.append("bad stored block length")
        return
      }
      raw += stream[(offset + 5)..<(offset + 5 + length)]
      offset += 5 + length
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    if offset + 4 != stream.count || UInt32(Self.int(stream, offset, 4)) != (b << 16 | a) {
      problems.append("bad adler32")
    }
    if raw.count != expectedRawCount { problems.append("raw size \(raw.count), expected \(expectedRawCount)") }
  }

  private static func int(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
  }
}
