import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI writes text: the process's stdout/stderr, or a string in tests.
///
/// ```swift
/// let output = CapturedOutput()
/// output.write("hello\n")
/// output.text  // "hello\n"
/// ```
public protocol TextOutput: Sendable {
  func write(_ text: String)
}

/// A file descriptor such as `STDOUT_FILENO`; writes everything, retrying short writes and `EINTR`.
public struct FileDescriptorOutput: TextOutput {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
  public static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

  public func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0, errno == EINTR { continue }
      // A closed pipe (e.g. `| head`) or a full disk: nothing more can be shown.
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// Collects everything written, for tests and for embedding the CLI.
public final class CapturedOutput: TextOutput {
  private let buffer = Mutex("")

  public init() {}

  public func write(_ text: String) {
    buffer.withLock { $0 += text }
  }

  /// Everything written so far.
  public var text: String {
    buffer.withLock { $0 }
  }
}
