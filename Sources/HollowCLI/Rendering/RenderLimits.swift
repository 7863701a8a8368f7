/// How much of each part a view shows, so rendering costs what a screen can show, not what a
/// server sends: a list cuts every part (a 10 MB post is 20 lines and "… 41 000 more lines"), the
/// full view of `post PID` shows everything (in time and memory linear in the text).
///
/// ```swift
/// let context = RenderContext(width: 80, painter: painter, time: time, limits: .full)
/// ```
public struct RenderLimits: Sendable, Equatable {
  /// Lines of a post's text or a system message's content.
  public var textLines: Int?
  /// Lines of a comment's text.
  public var commentLines: Int?
  /// Lines of a cited post's text.
  public var quotedTextLines: Int?
  /// Lines of anything else: a header, a poll option, an announcement.
  public var otherLines: Int?
  /// Poll options shown.
  public var pollOptions: Int?
  /// Cited posts shown under one text.
  public var citedPosts: Int?

  public init(
    textLines: Int? = nil, commentLines: Int? = nil, quotedTextLines: Int? = nil, otherLines: Int? = nil,
    pollOptions: Int? = nil, citedPosts: Int? = nil
  ) {
    self.textLines = textLines
    self.commentLines = commentLines
    self.quotedTextLines = quotedTextLines
    self.otherLines = otherLines
    self.pollOptions = pollOptions
    self.citedPosts = citedPosts
  }

  /// A list (timeline, search...): a post in at most a screenful.
  public static let list = RenderLimits(
    textLines: 20, commentLines: 6, quotedTextLines: 4, otherLines: 4, pollOptions: 8, citedPosts: 8)

  /// `post PID`: everything.
  public static let full = RenderLimits()
}
