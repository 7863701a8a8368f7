import CZlib

/// Inflates a PNG's zlib stream with the system zlib into a buffer of exactly the size IHDR
/// implies: a stream that would inflate to more (a zlib bomb) stops as soon as it passes that
/// size, one that ends early is truncated, and broken data is zlib's error. Time and memory are
/// bounded by the input and the expected size.
///
/// ```swift
/// let raw = try PNGInflater.inflate(idat, expectedSize: header.inflatedSize!)
/// ```
enum PNGInflater {
  static func inflate(_ compressed: [UInt8], expectedSize: Int) throws(PNGError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: expectedSize)
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .badCompression("zlib would not start")
    }
    defer { inflateEnd(&stream) }
    let result: Result<Void, PNGError> = compressed.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { buffer in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(clamping: input.count)
        stream.next_out = buffer.baseAddress
        stream.avail_out = UInt32(clamping: buffer.count)
        return run(&stream, inputCount: input.count, expectedSize: expectedSize)
      }
    }
    try result.get()
    return output
  }

  /// The inflate loop; each round consumes input or produces output, else it ends.
  private static func run(_ stream: inout z_stream, inputCount: Int, expectedSize: Int) -> Result<Void, PNGError> {
    // Inputs are at most a few MiB (the CLI caps images at 8 MiB), so avail_in never clamps; the
    // check keeps a larger one from being read short silently.
    guard inputCount <= Int(UInt32.max), expectedSize <= Int(UInt32.max) else {
      return .failure(.tooLarge("\(inputCount) compressed bytes"))
    }
    while true {
      let before = (stream.avail_in, stream.avail_out)
      let status = CZlib.inflate(&stream, Z_NO_FLUSH)
      switch status {
      case Z_STREAM_END:
        return stream.avail_out == 0
          ? .success(()) : .failure(.truncated("image data ends \(stream.avail_out) bytes short"))
      case Z_OK, Z_BUF_ERROR:
        if stream.avail_out == 0 { return probeForExcess(&stream, expectedSize: expectedSize) }
        if stream.avail_in == 0 || (stream.avail_in, stream.avail_out) == before {
          return .failure(.truncated("image data ends \(stream.avail_out) bytes short"))
        }
      case Z_NEED_DICT:
        return .failure(.badCompression("a preset dictionary"))
      case Z_MEM_ERROR:
        return .failure(.badCompression("out of memory"))
      default:
        let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
        return .failure(.badCompression(message))
      }
    }
  }

  /// The buffer is full: the stream must end here, without one more byte.
  private static func probeForExcess(_ stream: inout z_stream, expectedSize: Int) -> Result<Void, PNGError> {
    var spare: UInt8 = 0
    return withUnsafeMutablePointer(to: &spare) { pointer in
      stream.next_out = pointer
      stream.avail_out = 1
      let status = CZlib.inflate(&stream, Z_NO_FLUSH)
      if stream.avail_out == 0 {
        return .failure(.tooLarge("image data inflates past the \(expectedSize) bytes IHDR implies"))
      }
      switch status {
      case Z_STREAM_END: return .success(())
      case Z_OK, Z_BUF_ERROR: return .failure(.truncated("the zlib stream does not end"))
      default: return .failure(.badCompression(stream.msg.map { String(cString: $0) } ?? "error \(status)"))
      }
    }
  }
}
