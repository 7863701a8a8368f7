import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a list command on the library's feed model (``HollowKit/FeedModel``): it prints what the
/// snapshots mark ready (each post once its images and cited posts have arrived, in page order or as
/// ready), says once where cached pages came from, and ends with a footer whose `more:` hint follows
/// the model's end rule (an empty page or the maximum page; wander never ends).
struct FeedRunner: Sendable {
  let session: Session
  let output: CommandOutput

  func run(_ listing: FeedListing) async throws(CLIFailure) {
    let model = session.loaders.feeds.model(
      listing.source,
      options: FeedStateMachine.Options(
        imageBaseURL: session.client.configuration.imageBaseURL, offline: session.offline))
    let context = output.context(highlighting: listing.keywords)
    var printer = Printer(listing: listing)
    output.progress.show("loading page 1/\(listing.pages.count)")
    model.load(pages: listing.pages)
    var last = model.snapshot
    for await snapshot in model.snapshots {
      last = snapshot
      if let error = snapshot.failures.values.lazy.compactMap(\.requestError).first {
        throw .request(error, command: session.commandName)
      }
      printer.show(snapshot, runner: self, context: context)
      if snapshot.isWaiting {
        output.progress.show("waiting: the server allows \(RateLimit.search)")
      } else if output.progress.isEnabled {
        output.progress.show(
          "loading page \(max(1, snapshot.pages.count))/\(listing.pages.count)", snapshot.progress)
      }
      if snapshot.isSettled { break }
    }
    if session.client.configuration.imageBaseURL == nil, !session.offline, Self.hasImages(last) {
      output.warning(Backend.noImageBase)
    }
    try finish(listing, last)
  }

  /// Whether a post or preview comment shown has a picture.
  private static func hasImages(_ snapshot: FeedSnapshot) -> Bool {
    snapshot.pages.contains { page in
      page.posts.contains { $0.post.imagePath != nil || $0.comments.contains { $0.imagePath != nil } }
    }
  }

  /// What has been printed so far, and the rule for what comes next.
  private struct Printer {
    let listing: FeedListing
    var printed: Set<Int> = []
    /// (page, index) of every post handled (printed, or skipped as a repeat).
    var handled: Set<[Int]> = []
    var announced: Set<Int> = []
    var noticeShown = false

    mutating func show(_ snapshot: FeedSnapshot, runner: FeedRunner, context: RenderContext) {
      for number in listing.pages {
        guard let page = snapshot.page(number) else {
          if listing.ordering == .inOrder, snapshot.failures[number] == nil { return }
          continue
        }
        announce(page.page, runner: runner, context: context)
        for item in page.posts where !handled.contains([number, item.index]) {
          guard item.isReady else {
            if listing.ordering == .inOrder { return }
            continue
          }
          handled.insert([number, item.index])
          guard printed.insert(item.post.pid).inserted, !runner.output.options.json else { continue }
          let renderer = PostRenderer(context: context, quotes: item.quotes)
          let previewed = page.page.content.comments?[item.post.pid] != nil
          runner.output.print(renderer.preview(item.post, comments: item.comments, previewed: previewed) + [""])
        }
      }
    }

    /// The first page from the cache says so with its age and the reason; page 1's announcement.
    private mutating func announce(_ page: FeedPage, runner: FeedRunner, context: RenderContext) {
      guard announced.insert(page.number).inserted else { return }
      if page.origin == .cache, !noticeShown {
        noticeShown = true
        runner.output.offlineNotice(cachedAt: page.cachedAt, reason: page.offline?.transportFailure?.description)
      }
      if !runner.output.options.json, let announcement = page.content.config?.announcement, !announcement.isEmpty {
        runner.output.print(context.block([Span("announcement: ", .dim), Span(announcement)]) + [""])
      }
    }
  }

  private func finish(_ listing: FeedListing, _ snapshot: FeedSnapshot) throws(CLIFailure) {
    let notCached = listing.pages.filter { snapshot.failures[$0] == .notCached }
    if snapshot.pages.isEmpty, !notCached.isEmpty {
      let reason = snapshot.offlineReason?.transportFailure.map { "\($0), and " } ?? "offline: "
      throw .failed("\(reason)\(listing.title) is not in the cache")
    }
    if output.options.json {
      let pages = snapshot.pages.map(\.page.content)
      return listing.emitsPageList ? output.emit(pages) : output.emit(pages.first ?? PostPage(posts: []))
    }
    let count = Set(snapshot.pages.flatMap { $0.posts.map(\.post.pid) }).count
    var parts = [listing.title, count == 0 ? "no posts" : RenderContext.count(count, "post", "posts")]
    if !notCached.isEmpty {
      parts.append("not cached: page \(notCached.map(String.init).joined(separator: ", "))")
    }
    if let last = listing.pages.last, snapshot.page(last) != nil, !snapshot.endReached {
      parts.append("more: \(HollowCommandLine.name) \(listing.next)")
    }
    output.print([output.context().painter.line([Span(parts.joined(separator: " · "), .dim)])])
  }
}

extension FeedPageFailure {
  /// The server's error, for a page the server refused.
  var requestError: HollowError? {
    if case .request(let error) = self { error } else { nil }
  }
}
