import HollowKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What runs once the reader's first frame is on screen, outside its event loop: warming the
/// page codec on a spare core while page 1's request is out, and `HOLLOW_READER_FAULT`, the test
/// hook that fails on purpose to prove the error path restores the terminal; and the test hook
/// `HOLLOW_READER_EARLY_SIGTERM`, a SIGTERM to itself the moment the terminal is taken, before the
/// loop listens (the earliest a signal can find the terminal changed).
///
/// ```swift
/// let startup = ReaderStartup(variables: environment.variables)
/// startup.afterTakingTerminal()
/// try startup.afterFirstFrame()
/// ```
struct ReaderStartup: Sendable {
  /// `HOLLOW_READER_FAULT`: fail after the first frame.
  var injectsFault = false
  /// Pay the page codec's first-use costs off the path to the frame (see PageCodecWarmUp).
  var warmsPageCodec = true
  /// `HOLLOW_READER_EARLY_SIGTERM`: SIGTERM to this process as soon as the terminal is taken.
  var terminatesEarly = false

  init(injectsFault: Bool = false, warmsPageCodec: Bool = true, terminatesEarly: Bool = false) {
    self.injectsFault = injectsFault
    self.warmsPageCodec = warmsPageCodec
    self.terminatesEarly = terminatesEarly
  }

  init(variables: [String: String]) {
    self.init(
      injectsFault: variables["HOLLOW_READER_FAULT"] != nil,
      terminatesEarly: variables["HOLLOW_READER_EARLY_SIGTERM"] != nil)
  }

  /// Sent to the process (as `kill` from outside would), not raised on this thread: any thread
  /// may take it, as in the race this hook reproduces.
  func afterTakingTerminal() {
    if terminatesEarly { kill(getpid(), SIGTERM) }
  }

  func afterFirstFrame() throws(ReaderFailure) {
    if warmsPageCodec { Task.detached(priority: .utility) { PageCodecWarmUp.run() } }
    if injectsFault { throw ReaderFailure("HOLLOW_READER_FAULT: the reader failed on purpose after its first frame") }
  }
}
