#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal switched to raw mode through termios (no echo, no line editing, no signals from
/// Ctrl-C: every key arrives as bytes), with the settings it had before, to put back.
///
/// ```swift
/// let raw = try RawMode.enable(on: STDIN_FILENO)
/// defer { raw.restore() }
/// ```
struct RawMode: Sendable {
  let descriptor: Int32
  /// The settings before: what ``restore()`` puts back, so `stty -g` reads the same afterwards.
  let saved: termios

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func enable(on descriptor: Int32) throws(Failure) -> RawMode {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else {
      throw Failure(description: "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    var raw = saved
    cfmakeraw(&raw)
    // Output keeps its newline translation off too (cfmakeraw): the reader positions every line.
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
      throw Failure(description: "cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
    }
    return RawMode(descriptor: descriptor, saved: saved)
  }

  /// Puts the saved settings back (after the output written so far has drained).
  func restore() {
    var saved = saved
    while tcsetattr(descriptor, TCSADRAIN, &saved) != 0, errno == EINTR {}
  }
}
