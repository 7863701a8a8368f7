/// Undoes PNG's scanline filters in place: each row starts with its filter byte (None, Sub, Up,
/// Average, Paeth) and its bytes are predicted from the pixel to the left and the row above (of
/// the same pass). Any other filter byte is an error.
///
/// ```swift
/// try PNGUnfilter.apply(&raw, start: 0, rows: 4, rowBytes: 12, stride: 3)
/// ```
enum PNGUnfilter {
  /// Unfilters `rows` rows of `rowBytes` bytes (plus their filter byte) starting at `start`.
  static func apply(_ data: inout [UInt8], start: Int, rows: Int, rowBytes: Int, stride: Int) throws(PNGError) {
    let failure: PNGError? = data.withUnsafeMutableBufferPointer { buffer in
      for row in 0..<rows {
        let begin = start + row * (rowBytes + 1)
        let filter = buffer[begin]
        let line = begin + 1
        let previous = row == 0 ? nil : line - (rowBytes + 1)
        switch filter {
        case 0: break
        case 1: sub(buffer, line: line, count: rowBytes, stride: stride)
        case 2: if let previous { up(buffer, line: line, previous: previous, count: rowBytes) }
        case 3: average(buffer, line: line, previous: previous, count: rowBytes, stride: stride)
        case 4: paeth(buffer, line: line, previous: previous, count: rowBytes, stride: stride)
        default: return PNGError.malformed("filter type \(filter) on scanline \(row)")
        }
      }
      return nil
    }
    if let failure { throw failure }
  }

  private static func sub(_ buffer: UnsafeMutableBufferPointer<UInt8>, line: Int, count: Int, stride: Int) {
    guard count > stride else { return }
    for index in stride..<count {
      buffer[line + index] &+= buffer[line + index - stride]
    }
  }

  private static func up(_ buffer: UnsafeMutableBufferPointer<UInt8>, line: Int, previous: Int, count: Int) {
    for index in 0..<count {
      buffer[line + index] &+= buffer[previous + index]
    }
  }

  private static func average(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, line: Int, previous: Int?, count: Int, stride: Int
  ) {
    for index in 0..<count {
      let left = index >= stride ? Int(buffer[line + index - stride]) : 0
      let above = previous.map { Int(buffer[$0 + index]) } ?? 0
      buffer[line + index] &+= UInt8((left + above) / 2)
    }
  }

  private static func paeth(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, line: Int, previous: Int?, count: Int, stride: Int
  ) {
    for index in 0..<count {
      let left = index >= stride ? Int(buffer[line + index - stride]) : 0
      let above = previous.map { Int(buffer[$0 + index]) } ?? 0
      let upperLeft = index >= stride ? (previous.map { Int(buffer[$0 + index - stride]) } ?? 0) : 0
      buffer[line + index] &+= UInt8(predictor(left, above, upperLeft))
    }
  }

  /// The Paeth predictor: whichever neighbour is closest to left + above - upper left.
  static func predictor(_ left: Int, _ above: Int, _ upperLeft: Int) -> Int {
    let estimate = left + above - upperLeft
    let toLeft = abs(estimate - left)
    let toAbove = abs(estimate - above)
    let toUpperLeft = abs(estimate - upperLeft)
    if toLeft <= toAbove && toLeft <= toUpperLeft { return left }
    return toAbove <= toUpperLeft ? above : upperLeft
  }
}
