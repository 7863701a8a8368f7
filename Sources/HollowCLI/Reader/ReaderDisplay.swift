/// How densely the reader shows posts, as the user toggles it: pictures or `[image WxH]` (`i`,
/// `--no-images`, the config's `images`), and full posts or one line per post in lists (`D`).
///
/// ```swift
/// var display = ReaderDisplay(showsPictures: options.images)
/// display.toggle(.pictures)
/// ```
struct ReaderDisplay: Sendable, Equatable {
  var showsPictures = true
  /// One line per post in the feed's list.
  var compact = false

  /// What a toggle switches.
  enum Setting: Sendable, Equatable {
    case pictures
    case compact
  }

  /// Switches `setting`; answers what the status line says about it now.
  mutating func toggle(_ setting: Setting) -> String {
    switch setting {
    case .pictures:
      showsPictures.toggle()
      return showsPictures ? "pictures on" : "pictures off (i shows them)"
    case .compact:
      compact.toggle()
      return compact ? "compact list: one line per post (D: full posts)" : "full posts (D: compact list)"
    }
  }

  /// `theme` with the pictures on or off as set here.
  func applied(to theme: ReaderTheme) -> ReaderTheme {
    var theme = theme
    theme.capabilities.showsPictures = showsPictures
    return theme
  }
}
