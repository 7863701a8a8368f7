import HollowKit

/// A single status line on stderr ("loading page 2/3… 41/60 posts, 12/20 images, 3/7 quotes"),
/// redrawn in place and erased before any other output and when the work is done. Silent unless
/// the ``Console`` shows progress (stdout and stderr both terminals, no `--json`).
struct ProgressLine: Sendable {
  let console: Console

  var isEnabled: Bool { console.showsProgress }

  func show(_ activity: String, _ progress: FeedProgress = FeedProgress()) {
    guard isEnabled else { return }
    var parts: [String] = []
    if progress.postsTotal > 0 { parts.append("\(progress.postsDone)/\(progress.postsTotal) posts") }
    if progress.imagesTotal > 0 { parts.append("\(progress.imagesDone)/\(progress.imagesTotal) images") }
    if progress.quotesTotal > 0 { parts.append("\(progress.quotesDone)/\(progress.quotesTotal) quotes") }
    console.showProgress("\(activity)…" + (parts.isEmpty ? "" : " " + parts.joined(separator: ", ")))
  }

  func clear() {
    console.clearProgress()
  }
}
