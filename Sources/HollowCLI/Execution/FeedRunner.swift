import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a list command through the library's ``HollowKit/TimelineLoader``: pages, images and
/// cited posts from the cache or the server (each once, under one budget per host), each post
/// printed as soon as it is ready (or in page order), offline from the cache when asked or when
/// the server cannot be reached.
struct FeedRunner: Sendable {
  let session: Session
  let output: CommandOutput

  func run(_ listing: FeedListing) async throws(CLIFailure) {
    let options = TimelineOptions(
      ordering: listing.ordering, reportsProgress: output.progress.isEnabled, offline: session.offline)
    let context = output.context(highlighting: listing.keywords)
    var shown = Shown()
    output.progress.show("loading page 1/\(listing.pages.count)")
    for await event in session.loaders.timeline.timeline(feed: listing.feed, pages: listing.pages, options: options) {
      switch event {
      case .offline(let reason):
        shown.offline = reason  // said once the first cached page arrives, with its age
      case .page(let page):
        show(page, context: context, into: &shown)
      case .pageFailed(let number, .notCached):
        shown.notCached.append(number)
      case .pageFailed(_, .request(let error)):
        throw .request(error, command: session.commandName)
      case .post(let item):
        guard shown.pids.insert(item.post.pid).inserted, !output.options.json else { continue }
        let renderer = PostRenderer(context: context, quotes: item.quotes)
        output.print(renderer.preview(item.post, comments: item.comments) + [""])
      case .progress(let progress):
        output.progress.show("loading page \(max(1, shown.pages.count))/\(listing.pages.count)", progress)
      }
    }
    try finish(listing, shown)
  }

  /// What has been shown so far.
  private struct Shown {
    var pages: [PostPage] = []
    var pids: Set<Int> = []
    var noticeShown = false
    var notCached: [Int] = []
    /// Why the loader went offline, once it did.
    var offline: OfflineReason?
  }

  /// Notes a page; the first one from the cache is announced with its age and the reason.
  private func show(_ page: TimelinePage, context: RenderContext, into shown: inout Shown) {
    shown.pages.append(page.content)
    if page.origin == .cache, !shown.noticeShown {
      shown.noticeShown = true
      output.offlineNotice(cachedAt: page.cachedAt, reason: page.offline?.transportFailure?.description)
    }
    if !output.options.json, let announcement = page.content.config?.announcement, !announcement.isEmpty {
      output.print(context.block([Span("announcement: ", .dim), Span(announcement)]) + [""])
    }
  }

  private func finish(_ listing: FeedListing, _ shown: Shown) throws(CLIFailure) {
    if shown.pages.isEmpty, !shown.notCached.isEmpty {
      let reason = shown.offline?.transportFailure.map { "\($0), and " } ?? "offline: "
      throw .failed("\(reason)\(listing.title) is not in the cache")
    }
    if output.options.json {
      return listing.emitsPageList ? output.emit(shown.pages) : output.emit(shown.pages.first ?? PostPage(posts: []))
    }
    let count = shown.pids.count
    var parts = [listing.title, count == 0 ? "no posts" : RenderContext.count(count, "post", "posts")]
    if !shown.notCached.isEmpty {
      parts.append("not cached: page \(shown.notCached.map(String.init).joined(separator: ", "))")
    }
    if shown.pages.last?.posts.count ?? 0 >= APILimits.pageSize {
      parts.append("more: \(HollowCommandLine.name) \(listing.next)")
    }
    output.print([output.context().painter.line([Span(parts.joined(separator: " · "), .dim)])])
  }
}
