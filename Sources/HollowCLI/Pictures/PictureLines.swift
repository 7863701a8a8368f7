import HollowKit

/// The lines that draw the images of some posts on this terminal, by image path:
///
/// - kitty (``TerminalCapabilities/ImageProtocol``): the PNG itself (``InlinePicture/kitty(png:size:)``);
/// - iTerm2: the PNG or JPEG itself (``InlinePicture/iTerm(image:size:)``);
/// - else, with 256 colours or more: a half-block picture of the decoded PNG (``HalfBlockPicture``);
/// - else (16 colours, `NO_COLOR`, a GIF, a JPEG without a protocol, an image not loaded or not
///   decodable): nothing, and the renderer shows "[image WxH]".
///
/// A picture is at most `width` columns (2 fewer for a cited post's image, drawn behind a bar) and
/// `rows` rows (a cited post's image at most ``listRows``: it is a preview), its aspect kept. Half-block pictures take one column per pixel; inline images
/// assume a cell of about 8 × 16 pixels.
///
/// ```swift
/// renderer.pictures = PictureLines.all(
///   for: [post], quotes: state.quotes, images: state.images, theme: theme, width: 76, rows: 14)
/// ```
enum PictureLines {
  /// The most rows a picture takes in a list (feed, search results): a preview, not the picture.
  static let listRows = 8

  /// The pixels an inline image is assumed to take per column, to size it.
  static let inlinePixelsPerColumn = 8

  static func all(
    for posts: [Post], quotes: [Int: Quote], images: [String: ImageSlot], theme: ReaderTheme, width: Int, rows: Int
  ) -> [String: [TerminalText]] {
    var pictures: [String: [TerminalText]] = [:]
    for post in posts {
      if let path = post.imagePath, let lines = lines(images[path], theme: theme, width: width, rows: rows) {
        pictures[path] = lines
      }
      for case .post(let quoted, _) in ResolvedQuotes(citedBy: post, quotes: quotes).post {
        guard let path = quoted.imagePath, pictures[path] == nil else { continue }
        let quotedRows = min(rows, listRows)
        if let lines = lines(images[path], theme: theme, width: width - 2, rows: quotedRows) { pictures[path] = lines }
      }
    }
    return pictures
  }

  /// The lines for one image slot, or nil when it is shown as "[image WxH]".
  static func lines(_ slot: ImageSlot?, theme: ReaderTheme, width: Int, rows: Int) -> [TerminalText]? {
    guard case .loaded(let image, let bitmap) = slot, width > 0, rows > 0 else { return nil }
    let capabilities = theme.capabilities
    guard capabilities.colorDepth != .none, capabilities.showsPictures else { return nil }
    let size = image.header.size
    switch (capabilities.imageProtocol, image.header.format) {
    case (.kitty, .png):
      let fitted = PictureSize.fit(
        width: size.width, height: size.height, pixelsPerColumn: inlinePixelsPerColumn, columns: width, rows: rows)
      return InlinePicture.kitty(png: image.data, size: fitted)
    case (.iTerm, .png), (.iTerm, .jpeg):
      let fitted = PictureSize.fit(
        width: size.width, height: size.height, pixelsPerColumn: inlinePixelsPerColumn, columns: width, rows: rows)
      return InlinePicture.iTerm(image: image.data, size: fitted)
    default:
      guard let bitmap, capabilities.colorDepth >= .palette256 else { return nil }
      // The decoded bitmap may be a reduced copy (PictureDecoding): the header keeps the aspect.
      let fitted = PictureSize.fit(
        width: size.width, height: size.height, pixelsPerColumn: 1, columns: min(width, bitmap.width), rows: rows)
      return HalfBlockPicture.lines(bitmap, size: fitted, depth: capabilities.colorDepth)
    }
  }
}
