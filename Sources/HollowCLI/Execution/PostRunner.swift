import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs `post PID` through the library's stale-while-revalidate detail cache: on a terminal the
/// cached copy shows at once, marked "cached, refreshing…", and the fresh one replaces the mark
/// (or follows it, when it differs); elsewhere only the final answer is printed. Offline, or when
/// the server cannot be reached, the cached copy is shown under an "offline" line, and when only
/// the post was cached (as a cited post is) its heading says the comments are not cached rather
/// than that there are none.
struct PostRunner: Sendable {
  let session: Session
  let output: CommandOutput

  static let refreshingMark = "cached, refreshing…"

  func run(pid: Int, saveImagesTo folder: String?) async throws(CLIFailure) {
    let images = try folder.map { path throws(CLIFailure) in try ImageFolder(path: path) }
    output.progress.show("loading #\(pid)")
    // The cached copy on screen, above the mark, if any.
    var shown: (post: Post, comments: [Comment]?)?
    var final: PostDetailSnapshot?
    for await snapshot in session.loaders.details.detail(pid, policy: session.policy) {
      switch snapshot.status {
      case .cached:
        if output.isInteractive, let post = snapshot.post {
          let comments = await knownComments(snapshot)
          output.print(await render(post, comments, policy: .cacheOnly) + [Self.mark(Self.refreshingMark)])
          shown = (post, comments)
        }
      case .inProgress:
        continue
      case .success, .failure, .lethalFailure:
        final = snapshot
      }
    }
    guard let final else { throw .failed("post/detail was cancelled") }
    if shown != nil { output.console.write(.control(.eraseLastLine)) }
    let (post, comments) = try await settle(final, shown: shown)
    if let images {
      try await images.save(
        ImageReference.all(in: post, comments: comments, imageBaseURL: session.client.configuration.imageBaseURL),
        session: session, output: output)
    }
  }

  /// Shows the final snapshot (unless the cached copy already on screen says the same) and
  /// answers the post and comments shown.
  private func settle(_ final: PostDetailSnapshot, shown: (post: Post, comments: [Comment]?)?)
    async throws(CLIFailure) -> (Post, [Comment])
  {
    let pid = final.pid
    switch final.status {
    case .success:
      guard let post = final.post else { throw .failed("post/detail answered without a post") }
      if let shown, shown.post == post, shown.comments == final.comments { return (post, final.comments) }
      await show(post, final.comments)
      return (post, final.comments)
    case .failure(let message):
      guard let post = final.post else { throw .failed(message) }
      if session.offline || session.unreachableReason != nil {
        output.offlineNotice(cachedAt: await session.cachedAt(CacheKeys.post(pid)), reason: session.unreachableReason)
      } else {
        output.warning("refreshing #\(pid) failed (\(message)); showing the cached copy")
      }
      if shown == nil { await show(post, await knownComments(final)) }
      return (post, final.comments)
    case .lethalFailure(let message):
      if final.isDeleted { throw .failed("post/detail failed: \(message)") }
      if session.offline { throw .failed("offline: #\(pid) is not in the cache") }
      if let reason = session.unreachableReason { throw .failed("\(reason), and #\(pid) is not in the cache") }
      let request = "post/detail: "
      throw .failed(message.hasPrefix(request) ? "post/detail failed: " + message.dropFirst(request.count) : message)
    case .inProgress, .cached:
      throw .failed("post/detail did not finish")
    }
  }

  /// A cached snapshot's comments, or `nil` when none are cached for the post (rather than none
  /// written): the detail cache gives an empty list for both.
  private func knownComments(_ snapshot: PostDetailSnapshot) async -> [Comment]? {
    guard snapshot.comments.isEmpty else { return snapshot.comments }
    return await session.cachedAt(CacheKeys.comments(snapshot.pid)) == nil ? nil : []
  }

  /// Prints the post (`--json`: the `PostDetail`, whose `data` is `null` when the comments are not known).
  private func show(_ post: Post, _ comments: [Comment]?) async {
    if output.options.json { return output.emit(PostDetail(post: post, comments: comments)) }
    output.print(await render(post, comments, policy: session.policy))
  }

  /// The post with every comment and every post they cite (loaded through the quote loader).
  private func render(_ post: Post, _ comments: [Comment]?, policy: CachePolicy) async -> [TerminalText] {
    let pids = QuoteLoader.citedPids(in: post, comments: comments ?? [])
    var quotes: [Quote] = []
    var progress = TimelineProgress(postsDone: 1, postsTotal: 1, quotesTotal: pids.count)
    for await (_, outcome) in session.loaders.quotes.publisher(for: pids, policy: policy) {
      guard case .success(let quote) = outcome else { continue }
      quotes.append(quote)
      progress.quotesDone += 1
      output.progress.show("loading quotes", progress)
    }
    let renderer = PostRenderer(context: output.context(limits: .full), quotes: QuotedPost.map(quotes))
    return renderer.full(post, comments: comments)
  }

  private static func mark(_ text: String) -> TerminalText {
    Painter(colors: false).line([Span(text, .dim)])
  }

  /// Cursor up one line, then erase it: removes the "cached, refreshing…" mark.
  static let eraseLastLine = TerminalControl.eraseLastLine.sequence
}
