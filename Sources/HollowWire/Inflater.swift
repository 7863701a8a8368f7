import CZlib

/// Inflates a zlib (RFC 1950: a PNG's image data) or gzip (RFC 1952: an HTTP answer with
/// `Content-Encoding: gzip`) stream with the system zlib, into at most `limit` bytes: the one inflater of
/// hollow-cli's PNG decoder and of the client's HTTP answers.
///
/// Bounded in time and memory by the input and `limit`: a stream that would inflate to more (a
/// decompression bomb) stops as soon as it passes `limit`, without inflating the rest. A stream cut
/// before its end (and, for gzip, before its length and CRC-32 trailer, which zlib checks) is
/// ``Failure/truncated(produced:)``; anything zlib cannot read is ``Failure/corrupt(_:)``. Concatenated
/// gzip members (RFC 1952 §2.2) are inflated one after another; bytes after a zlib stream's end are
/// ignored, as PNG readers do.
///
/// ```swift
/// let page = try Inflater.inflate(body, format: .gzip, limit: 16 << 20)
/// let pixels = try Inflater.inflate(idat, format: .zlib, limit: size, expectedSize: size)
/// ```
package enum Inflater {
  /// The stream's wrapper around the deflate data.
  package enum Format: Sendable {
    /// RFC 1950: a 2-byte header and an Adler-32 (PNG).
    case zlib
    /// RFC 1952: a 10-byte header or more and a CRC-32 and length trailer (HTTP's `gzip`).
    case gzip
  }

  /// Why a stream did not inflate.
  package enum Failure: Error, Sendable, Equatable {
    /// The stream inflates to more than `limit` bytes; inflating stopped there.
    case tooLarge(limit: Int)
    /// The input ends before the stream does, after `produced` inflated bytes.
    case truncated(produced: Int)
    /// zlib cannot read the stream; its reason.
    case corrupt(String)
  }

  /// The inflated bytes of `compressed`, at most `limit` of them. `expectedSize` (when known, as a PNG
  /// header tells) sizes the output at once; without it the output grows as needed, up to `limit`.
  package static func inflate(
    _ compressed: some Collection<UInt8>, format: Format, limit: Int, expectedSize: Int? = nil
  ) throws(Failure) -> [UInt8] {
    let input = Array(compressed)
    // Inputs are bounded by an answer's or an image's limit (MiBs), so avail_in never clamps; the check
    // keeps a larger one from being read short silently.
    guard input.count <= Int(UInt32.max) else { throw .corrupt("more than 4 GiB of compressed data") }
    let limit = max(0, min(limit, Int(UInt32.max)))
    let first = min(limit, expectedSize ?? max(16 * 1024, input.count * 4))
    var output = [UInt8](repeating: 0, count: first)
    var stream = z_stream()
    let windowBits: Int32 = format == .gzip ? 16 + MAX_WBITS : MAX_WBITS
    guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .corrupt("zlib would not start")
    }
    defer { inflateEnd(&stream) }
    let produced = try input.withUnsafeBufferPointer { (buffer) throws(Failure) -> Int in
      stream.next_in = UnsafeMutablePointer(mutating: buffer.baseAddress)
      stream.avail_in = UInt32(buffer.count)
      return try run(&stream, into: &output, format: format, limit: limit)
    }
    output.removeLast(output.count - produced)
    return output
  }

  /// The inflate loop: each call consumes input or produces output (else zlib says it cannot go on), and
  /// the output doubles while it is full, up to `limit`. Returns how many bytes it produced.
  private static func run(_ stream: inout z_stream, into output: inout [UInt8], format: Format, limit: Int)
    throws(Failure) -> Int
  {
    var produced = 0
    while true {
      if produced == output.count {
        guard produced < limit else {
          if try probeForExcess(&stream, format: format, limit: limit) { return produced }
          continue
        }
        output.append(contentsOf: repeatElement(0, count: min(max(output.count, 1024), limit - output.count)))
      }
      let status = output.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress! + produced
        stream.avail_out = UInt32(buffer.count - produced)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        produced = buffer.count - Int(stream.avail_out)
        return status
      }
      switch status {
      case Z_STREAM_END:
        guard format == .gzip, stream.avail_in > 0 else { return produced }
        // Another gzip member follows: its bytes are part of the same answer.
        inflateReset(&stream)
      case Z_OK:
        continue
      case Z_BUF_ERROR where stream.avail_out > 0:
        throw .truncated(produced: produced)
      case Z_BUF_ERROR:
        continue
      default:
        throw failure(status, stream)
      }
    }
  }

  /// The output holds `limit` bytes: true when the stream ends here, thrown ``Failure/tooLarge(limit:)``
  /// when one more byte comes out, false when zlib read on without output (a gzip trailer, another
  /// member's header) and must be asked again.
  private static func probeForExcess(_ stream: inout z_stream, format: Format, limit: Int) throws(Failure) -> Bool {
    var spare: UInt8 = 0
    let status = withUnsafeMutablePointer(to: &spare) { pointer in
      stream.next_out = pointer
      stream.avail_out = 1
      return CZlib.inflate(&stream, Z_NO_FLUSH)
    }
    if stream.avail_out == 0 { throw .tooLarge(limit: limit) }
    switch status {
    case Z_STREAM_END:
      guard format == .gzip, stream.avail_in > 0 else { return true }
      inflateReset(&stream)
      return false
    case Z_OK:
      return false
    case Z_BUF_ERROR:
      throw .truncated(produced: limit)
    default:
      throw failure(status, stream)
    }
  }

  private static func failure(_ status: Int32, _ stream: z_stream) -> Failure {
    switch status {
    case Z_NEED_DICT: .corrupt("the stream needs a preset dictionary")
    case Z_MEM_ERROR: .corrupt("out of memory")
    default: .corrupt(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
    }
  }
}
