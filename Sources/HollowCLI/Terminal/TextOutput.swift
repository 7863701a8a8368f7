import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI writes text: the process's stdout/stderr, or a string in tests.
///
/// It takes only ``TerminalText``, so whatever reaches a terminal has been through the sanitizer;
/// a plain `String` is accepted too and sanitized on the way (its newlines kept).
///
/// ```swift
/// let output = CapturedOutput()
/// output.write("hello\n")
/// output.text  // "hello\n"
/// ```
public protocol TextOutput: Sendable {
  func write(_ text: TerminalText)
}

extension TextOutput {
  /// Writes `text` sanitized: a string without a type that vouches for it is treated as coming from outside.
  public func write(_ text: String) {
    write(TerminalText(lines: text))
  }
}

/// A file descriptor such as `STDOUT_FILENO`; writes everything, retrying short writes and `EINTR`.
public struct FileDescriptorOutput: TextOutput {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
  public static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

  public func write(_ text: TerminalText) {
    var string = text.text
    string.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
        let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written < 0, errno == EINTR { continue }
        // A closed pipe (e.g. `| head`) or a full disk: nothing more can be shown.
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}

/// Collects everything written, for tests and for embedding the CLI.
public final class CapturedOutput: TextOutput {
  private let buffer = Mutex("")

  public init() {}

  public func write(_ text: TerminalText) {
    buffer.withLock { $0 += text.text }
  }

  /// Everything written so far.
  public var text: String {
    buffer.withLock { $0 }
  }
}
