import HollowKit

/// What runs once the reader's first frame is on screen, outside its event loop: warming the
/// page codec on a spare core while page 1's request is out, and `HOLLOW_READER_FAULT`, the test
/// hook that fails on purpose to prove the error path restores the terminal.
///
/// ```swift
/// let startup = ReaderStartup(variables: environment.variables)
/// try startup.afterFirstFrame()
/// ```
struct ReaderStartup: Sendable {
  /// `HOLLOW_READER_FAULT`: fail after the first frame.
  var injectsFault = false
  /// Pay the page codec's first-use costs off the path to the frame (see PageCodecWarmUp).
  var warmsPageCodec = true

  init(injectsFault: Bool = false, warmsPageCodec: Bool = true) {
    self.injectsFault = injectsFault
    self.warmsPageCodec = warmsPageCodec
  }

  init(variables: [String: String]) {
    self.init(injectsFault: variables["HOLLOW_READER_FAULT"] != nil)
  }

  func afterFirstFrame() throws(ReaderFailure) {
    if warmsPageCodec { Task.detached(priority: .utility) { PageCodecWarmUp.run() } }
    if injectsFault { throw ReaderFailure("HOLLOW_READER_FAULT: the reader failed on purpose after its first frame") }
  }
}
