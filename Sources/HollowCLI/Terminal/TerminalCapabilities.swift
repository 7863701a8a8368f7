/// What the reader may draw on this terminal, from its environment: how many colours (none with
/// `NO_COLOR` or `--color=never`; 24-bit with `COLORTERM=truecolor|24bit`; 256 with a `TERM` that
/// says `256color`; else the 16 basic ones) and which inline-image protocol it speaks (kitty when
/// `KITTY_WINDOW_ID` is set or `TERM` is `xterm-kitty`; iTerm2 when `TERM_PROGRAM` is
/// `iTerm.app` or `WezTerm`). Inside tmux or screen no image protocol is used: they do not pass
/// it through.
///
/// Hyperlinks (OSC 8) are drawn only on terminals known to have them (``hyperlinks``): a terminal
/// without them could print the sequence as text.
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
  /// Whether web addresses are drawn as OSC 8 hyperlinks (see ``hyperlinks(_:)``).
  var hyperlinks = false
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
    hyperlinks = Self.hyperlinks(variables)
  }

  /// Whether the terminal `variables` describe shows OSC 8 hyperlinks: `FORCE_HYPERLINK` decides
  /// when set (`0` off, anything else on, as other terminal programs read it); else not inside
  /// tmux or screen (which may not pass them on) nor on a `dumb` terminal; else kitty, iTerm2,
  /// WezTerm, VS Code, Ghostty, foot, Alacritty, Windows Terminal and VTE 0.50 or later (GNOME
  /// Terminal, Tilix...). Any other terminal gets plain (underlined) addresses.
  static func hyperlinks(_ variables: [String: String]) -> Bool {
    if let forced = variables["FORCE_HYPERLINK"] { return forced != "0" }
    let term = variables["TERM"] ?? ""
    if variables["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") || term == "dumb" {
      return false
    }
    let program = variables["TERM_PROGRAM"] ?? ""
    if ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(program) { return true }
    if variables["KITTY_WINDOW_ID"] != nil || variables["WT_SESSION"] != nil { return true }
    if ["xterm-kitty", "xterm-ghostty", "alacritty", "foot", "foot-extra", "wezterm"].contains(term) { return true }
    if let vte = variables["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
    return false
  }
}
