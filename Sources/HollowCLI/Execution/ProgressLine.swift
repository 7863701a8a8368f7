/// A single status line on stderr ("loading page 2/3… 30 posts, 5 images, 3 quotes"), redrawn in
/// place and erased when the work is done. Silent unless stderr is a terminal.
struct ProgressLine: Sendable {
  let output: any TextOutput
  let isEnabled: Bool

  /// What has loaded so far.
  struct Counts: Sendable, Equatable {
    var posts = 0
    var images = 0
    var quotes = 0
    var quotesExpected = 0
  }

  func show(_ activity: String, _ counts: Counts) {
    guard isEnabled else { return }
    var parts = [
      RenderContext.count(counts.posts, "post", "posts"), RenderContext.count(counts.images, "image", "images"),
    ]
    if counts.quotesExpected > 0 { parts.append("\(counts.quotes)/\(counts.quotesExpected) quotes") }
    output.write("\r\u{1B}[2K\(activity)… \(parts.joined(separator: ", "))")
  }

  func clear() {
    guard isEnabled else { return }
    output.write("\r\u{1B}[2K")
  }
}
