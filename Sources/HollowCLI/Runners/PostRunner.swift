import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs `post PID` on the library's post model (``HollowKit/PostModel``), the one the reader's post
/// screen runs too: on a terminal the cached copy shows at once (with the cited posts the cache
/// holds), marked "cached, refreshing…", and the fresh one replaces the mark (or follows it, when it
/// differs); elsewhere only the settled answer is printed. Offline, or when the server cannot be
/// reached, the cached copy is shown under an "offline" line, and when only the post was cached (as
/// a cited post is) its heading says the comments are not cached rather than that there are none.
/// Everything shown comes with the snapshots: the post, its comments, the posts they cite, the
/// cache age and the offline reason.
struct PostRunner: Sendable {
  let session: Session
  let output: CommandOutput

  static let refreshingMark = "cached, refreshing…"

  func run(pid: Int, saveImagesTo folder: String?) async throws(CLIFailure) {
    let images = try folder.map { path throws(CLIFailure) in try ImageFolder(path: path) }
    output.progress.show("loading #\(pid)")
    let model = session.loaders.posts.model(pid, options: PostStateMachine.Options(offline: session.offline))
    model.open()
    // The cached copy on screen, above the mark, if any.
    var shown: (post: Post, comments: [Comment]?)?
    var final: PostSnapshot?
    for await snapshot in model.snapshots {
      if snapshot.isSettled {
        final = snapshot
        break
      }
      if snapshot.status == .cached, snapshot.isReady, shown == nil, output.isInteractive, let post = snapshot.post {
        output.print(render(post, snapshot.comments, quotes: snapshot.quotes) + [Self.mark(Self.refreshingMark)])
        shown = (post, snapshot.comments)
      }
    }
    guard let final else { throw .failed("post/detail was cancelled") }
    if shown != nil { output.console.write(.control(.eraseLastLine)) }
    let (post, comments) = try settle(final, shown: shown)
    if let images {
      try await images.save(post: post, comments: comments, session: session, output: output)
    }
  }

  /// Shows the final snapshot (unless the cached copy already on screen says the same) and
  /// answers the post and comments shown.
  private func settle(_ final: PostSnapshot, shown: (post: Post, comments: [Comment]?)?)
    throws(CLIFailure) -> (Post, [Comment])
  {
    let pid = final.pid
    let unreachable = final.offline?.transportFailure?.description
    switch final.status {
    case .success:
      guard let post = final.post else { throw .failed("post/detail answered without a post") }
      let comments = final.comments ?? []
      if let shown, shown.post == post, shown.comments == comments { return (post, comments) }
      show(post, comments, quotes: final.quotes)
      return (post, comments)
    case .failure(let message):
      guard let post = final.post else { throw .failed(message) }
      if final.offline != nil {
        output.offlineNotice(cachedAt: final.cachedAt, reason: unreachable)
      } else {
        output.warning("refreshing #\(pid) failed (\(message)); showing the cached copy")
      }
      if shown == nil { show(post, final.comments, quotes: final.quotes) }
      return (post, final.comments ?? [])
    case .lethalFailure(let message):
      if final.isDeleted { throw .failed("post/detail failed: \(message)") }
      if session.offline { throw .failed("offline: #\(pid) is not in the cache") }
      if let unreachable { throw .failed("\(unreachable), and #\(pid) is not in the cache") }
      let request = "post/detail: "
      throw .failed(message.hasPrefix(request) ? "post/detail failed: " + message.dropFirst(request.count) : message)
    case .inProgress, .cached:
      throw .failed("post/detail did not finish")
    }
  }

  /// Prints the post (`--json`: the `PostDetail`, whose `data` is `null` when the comments are not known).
  private func show(_ post: Post, _ comments: [Comment]?, quotes: ResolvedQuotes) {
    if output.options.json { return output.emit(PostDetail(post: post, comments: comments)) }
    output.print(render(post, comments, quotes: quotes))
  }

  /// The post with every comment and every post they cite.
  private func render(_ post: Post, _ comments: [Comment]?, quotes: ResolvedQuotes) -> [TerminalText] {
    PostRenderer(context: output.context(limits: .full), quotes: quotes).full(post, comments: comments)
  }

  private static func mark(_ text: String) -> TerminalText {
    Painter(colors: false).line([Span(text, .dim)])
  }

  /// Cursor up one line, then erase it: removes the "cached, refreshing…" mark.
  static let eraseLastLine = TerminalControl.eraseLastLine.sequence
}
