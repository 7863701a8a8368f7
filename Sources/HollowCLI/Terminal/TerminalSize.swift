#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal.
enum TerminalSize {
  /// Whether `descriptor` is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The columns of the terminal on `descriptor`, `nil` when it is not a terminal or does not say.
  static func columns(of descriptor: Int32) -> Int? {
    guard isTerminal(descriptor) else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The rows and columns of the terminal on `descriptor`, `nil` when it is not a terminal or does not say.
  static func screenSize(of descriptor: Int32) -> ScreenSize? {
    guard isTerminal(descriptor) else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return ScreenSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
  }
}
