/// What the reader may draw on this terminal, from its environment: how many colours (none with
/// `NO_COLOR` or `--color=never`; 24-bit with `COLORTERM=truecolor|24bit`; 256 with a `TERM` that
/// says `256color`; else the 16 basic ones) and which inline-image protocol it speaks (kitty when
/// `KITTY_WINDOW_ID` is set or `TERM` is `xterm-kitty`; iTerm2 when `TERM_PROGRAM` is
/// `iTerm.app` or `WezTerm`). Inside tmux or screen no image protocol is used: they do not pass
/// it through.
///
/// ```swift
/// let capabilities = TerminalCapabilities(variables: ["COLORTERM": "truecolor"], colors: true)
/// capabilities.colorDepth  // .trueColor
/// ```
struct TerminalCapabilities: Sendable, Equatable {
  enum ColorDepth: Int, Sendable, Comparable {
    case none = 0
    case basic = 16
    case palette256 = 256
    case trueColor = 16_777_216

    static func < (left: ColorDepth, right: ColorDepth) -> Bool { left.rawValue < right.rawValue }
  }

  enum ImageProtocol: Sendable, Equatable {
    case none
    case kitty
    case iTerm
  }

  var colorDepth: ColorDepth
  var imageProtocol: ImageProtocol
  /// The config file's `images = false` turns pictures off: `[image WxH]` instead.
  var showsPictures = true
  /// The config file's `theme`: colours for a dark or a light background.
  var theme = UserConfiguration.Theme.dark

  init(colorDepth: ColorDepth, imageProtocol: ImageProtocol = .none) {
    self.colorDepth = colorDepth
    self.imageProtocol = imageProtocol
  }

  /// - Parameter colors: whether colours are on at all (``CLIEnvironment/usesColor(_:)``).
  init(variables: [String: String], colors: Bool) {
    let term = variables["TERM"] ?? ""
    let colorTerm = (variables["COLORTERM"] ?? "").lowercased()
    if !colors {
      colorDepth = .none
    } else if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
      colorDepth = .trueColor
    } else if term.contains("256color") {
      colorDepth = .palette256
    } else {
      colorDepth = .basic
    }
    let multiplexed = variables["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    let program = variables["TERM_PROGRAM"] ?? ""
    if multiplexed {
      imageProtocol = .none
    } else if variables["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" {
      imageProtocol = .kitty
    } else if program == "iTerm.app" || program == "WezTerm" {
      imageProtocol = .iTerm
    } else {
      imageProtocol = .none
    }
  }
}
