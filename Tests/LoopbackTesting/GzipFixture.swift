import CZlib

/// Compressed bodies for the test servers that answer as a reverse proxy with gzip on would (and for the
/// inflater's own tests): the system zlib's deflate, in gzip (RFC 1952) or zlib (RFC 1950) form.
///
/// ```swift
/// let body = GzipFixture.gzip(Array(#"{"code":0,"data":[]}"#.utf8))
/// ```
public enum GzipFixture {
  /// `bytes` as one gzip member.
  public static func gzip(_ bytes: [UInt8]) -> [UInt8] {
    deflate(bytes, windowBits: 16 + MAX_WBITS)
  }

  /// `bytes` as a zlib stream.
  public static func zlib(_ bytes: [UInt8]) -> [UInt8] {
    deflate(bytes, windowBits: MAX_WBITS)
  }

  private static func deflate(_ bytes: [UInt8], windowBits: Int32) -> [UInt8] {
    var stream = z_stream()
    let started = deflateInit2_(
      &stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    precondition(started == Z_OK, "zlib's deflate would not start")
    defer { deflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
    let count = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        stream.next_in = inputBuffer.baseAddress
        stream.avail_in = UInt32(inputBuffer.count)
        stream.next_out = outputBuffer.baseAddress
        stream.avail_out = UInt32(outputBuffer.count)
        let status = CZlib.deflate(&stream, Z_FINISH)
        precondition(status == Z_STREAM_END, "zlib's deflate did not finish in one call")
        return outputBuffer.count - Int(stream.avail_out)
      }
    }
    return Array(output.prefix(count))
  }
}
