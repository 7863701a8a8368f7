#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI reads a text from: standard input, or a fixed string in tests.
///
/// ```swift
/// let input = FixedInput("今天食堂的饺子不错\n")
/// let bytes = try input.read(atMost: 65_536)
/// ```
public protocol TextInput: Sendable {
  /// Everything up to the end, or ``TextInputError/tooLong`` after `limit` bytes (the rest is
  /// not read: an endless input ends the read in bounded time and memory).
  func read(atMost limit: Int) throws(TextInputError) -> [UInt8]
}

/// Why a text could not be read.
public enum TextInputError: Error, Sendable, Equatable {
  /// More than the limit.
  case tooLong(limit: Int)
  /// The system's reason, e.g. "Is a directory".
  case failed(String)
}

/// A file descriptor such as `STDIN_FILENO`.
public struct FileDescriptorInput: TextInput {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public static let standardInput = FileDescriptorInput(descriptor: STDIN_FILENO)

  public func read(atMost limit: Int) throws(TextInputError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw .failed(String(cString: strerror(errno))) }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      if bytes.count > limit { throw .tooLong(limit: limit) }
    }
  }
}

/// A fixed text, for tests.
public struct FixedInput: TextInput {
  public let bytes: [UInt8]

  public init(_ text: String) {
    bytes = Array(text.utf8)
  }

  public func read(atMost limit: Int) throws(TextInputError) -> [UInt8] {
    guard bytes.count <= limit else { throw .tooLong(limit: limit) }
    return bytes
  }
}
