import HollowKit

/// A single status line on stderr ("loading page 2/3… 41/60 posts, 12/20 images, 3/7 quotes"),
/// redrawn in place and erased when the work is done. Silent unless stderr is a terminal.
struct ProgressLine: Sendable {
  let output: any TextOutput
  let isEnabled: Bool

  func show(_ activity: String, _ progress: TimelineProgress = TimelineProgress()) {
    guard isEnabled else { return }
    var parts: [String] = []
    if progress.postsTotal > 0 { parts.append("\(progress.postsDone)/\(progress.postsTotal) posts") }
    if progress.imagesTotal > 0 { parts.append("\(progress.imagesDone)/\(progress.imagesTotal) images") }
    if progress.quotesTotal > 0 { parts.append("\(progress.quotesDone)/\(progress.quotesTotal) quotes") }
    output.write("\r\u{1B}[2K\(activity)…" + (parts.isEmpty ? "" : " " + parts.joined(separator: ", ")))
  }

  func clear() {
    guard isEnabled else { return }
    output.write("\r\u{1B}[2K")
  }
}
