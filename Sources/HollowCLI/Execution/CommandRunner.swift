import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one backend command: sends its requests, then prints either what a person reads or, with
/// `--json`, the decoded models re-encoded as one JSON document.
struct CommandRunner: Sendable {
  let client: TreeHoleClient
  let environment: CLIEnvironment
  let options: GlobalOptions
  /// The command path, for error hints.
  let commandName: String

  private var colors: Bool { environment.usesColor(noColorFlag: options.noColor) }
  private var progress: ProgressLine {
    ProgressLine(output: environment.stderr, isEnabled: environment.stderrIsTerminal && !options.json)
  }
  private var feeds: FeedLoader { FeedLoader(client: client, progress: progress) }

  private func context(highlighting keywords: [String] = []) -> RenderContext {
    RenderContext(
      width: environment.width, painter: Painter(colors: colors),
      time: RelativeTime(now: environment.now, timeZone: environment.timeZone),
      highlighter: Highlighter(keywords: keywords, colors: colors))
  }

  func run(_ command: Command) async throws(CLIFailure) {
    defer { progress.clear() }
    do {
      try await perform(command)
    } catch let error as HollowError {
      throw .request(error, command: commandName)
    } catch let error as CLIFailure {
      throw error
    } catch {
      throw .failed(String(describing: error))
    }
  }

  private func perform(_ command: Command) async throws {
    switch command {
    case .timeline(let page, let pages):
      let loaded = try await feeds.pages(of: .timeline, first: page, count: pages)
      if options.json { return emit(loaded) }
      var lines: [String] = []
      if let announcement = loaded.first?.config?.announcement, !announcement.isEmpty {
        lines += context().block([Span("announcement: ", .dim), Span(announcement)]) + [""]
      }
      lines += try await feed(loaded)
      let next = page + loaded.count
      lines.append(
        footer(
          "timeline page \(page)\(loaded.count > 1 ? "-\(next - 1)" : "")", loaded, next: "timeline --page \(next)"))
      print(lines)
    case .wander:
      let page = try await client.perform(RandomListRequest.self, .init())
      if options.json { return emit(page) }
      print(try await feed([page]) + [footer("wander", [page], next: "wander")])
    case .post(let pid):
      try await showPost(pid)
    case .search(let keywords, let page, let includeComments):
      let feed = PostFeed.search(keywords: keywords.joined(separator: " "), includeComments: includeComments)
      let loaded = try await feeds.pages(of: feed, first: page, count: 1)
      if options.json { return emit(loaded.first ?? PostPage(posts: [])) }
      let lines = try await self.feed(loaded, highlighting: keywords)
      let query = "search \(keywords.joined(separator: " "))\(includeComments ? " --comments" : "")"
      print(lines + [footer("\(query) page \(page)", loaded, next: "\(query) --page \(page + 1)")])
    case .attentions(let page):
      let loaded = try await feeds.pages(of: .followed, first: page, count: 1)
      if options.json { return emit(loaded.first ?? PostPage(posts: [])) }
      print(
        try await feed(loaded) + [footer("followed posts page \(page)", loaded, next: "attentions --page \(page + 1)")])
    case .follow(let pid), .unfollow(let pid):
      let follow = command == .follow(pid: pid)
      let post = try await client.perform(FollowRequest.self, .init(pid: pid, follow: follow))
      if options.json { return emit(AttentionResult(post: post)) }
      let likes = RenderContext.count(post.likeCount, "like", "likes")
      let text = follow ? "following #\(pid) (\(likes))" : "no longer following #\(pid) (\(likes))"
      print([context().painter.line([Span(text)])])
    case .send(let send):
      let image = try send.imagePath.map { path throws(CLIFailure) in try ImageFile.read(path, command: commandName) }
      let pid = try await client.perform(
        SendPostRequest.self, .init(text: send.text, image: image, voteOptions: send.voteOptions, tag: send.tag))
      if options.json { return emit(SentPost(pid: pid)) }
      print([context().painter.line([Span("posted "), Span("#\(pid)", .pid)])])
    case .comment(let pid, let text, let replyTo):
      let cid = try await client.perform(SendCommentRequest.self, .init(pid: pid, text: text, replyTo: replyTo))
      if options.json { return emit(SentComment(cid: cid)) }
      print([
        context().painter.line([Span("commented on "), Span("#\(pid)", .pid), Span(" as "), Span("#\(cid)", .pid)])
      ])
    case .vote(let pid, let option):
      let vote = try await client.perform(VoteRequest.self, .init(pid: pid, option: option))
      if options.json { return emit(VoteResult(vote: vote)) }
      let heading = context().painter.line([Span("voted in "), Span("#\(pid)", .pid)])
      print([heading] + VoteRenderer(context: context()).lines(vote, prefix: PostRenderer.bodyPrefix))
    case .messages:
      let messages = try await client.perform(SystemMessagesRequest.self, .init())
      if options.json { return emit(SystemMessageList(messages: messages)) }
      print(MessageRenderer(context: context()).lines(messages))
    case .serve:
      throw CLIFailure.failed("serve does not use a backend")
    }
  }

  private func showPost(_ pid: Int) async throws {
    progress.show("loading #\(pid)", .init())
    let detail = try await client.perform(PostDetailRequest.self, .init(pid: pid))
    let comments = detail.comments ?? []
    if options.json { return emit(PostDetail(post: detail.post, comments: comments)) }
    let texts =
      [QuoteLoader.Citing(text: detail.post.text, ownPid: pid)]
      + comments.map { QuoteLoader.Citing(text: $0.text, ownPid: pid) }
    var counts = ProgressLine.Counts(posts: 1)
    let quotes = await QuoteLoader(client: client).load(citedBy: texts, known: [pid: detail.post]) { done, total in
      counts.quotes = done
      counts.quotesExpected = total
      progress.show("loading quotes", counts)
    }
    var renderer = PostRenderer(context: context(), quotes: quotes)
    renderer.quotedTextLines = nil
    print(renderer.full(detail.post, comments: comments))
  }

  /// The posts of `pages` with their preview comments and cited posts, separated by blank lines.
  private func feed(_ pages: [PostPage], highlighting keywords: [String] = []) async throws -> [String] {
    let quotes = await feeds.quotes(for: pages)
    let renderer = PostRenderer(context: context(highlighting: keywords), quotes: quotes)
    var seen: Set<Int> = []
    var blocks: [[String]] = []
    for page in pages {
      // Pages shift while new posts arrive, so a post can appear on two consecutive pages.
      for post in page.posts where seen.insert(post.pid).inserted {
        blocks.append(renderer.preview(post, comments: page.comments?[post.pid] ?? []))
      }
    }
    return Array(blocks.joined(separator: [""])) + [""]
  }

  /// "timeline page 1 · 32 posts · more: hollow-cli timeline --page 2", or "no posts".
  private func footer(_ what: String, _ pages: [PostPage], next: String) -> String {
    let count = pages.reduce(0) { $0 + $1.posts.count }
    var parts = [what, count == 0 ? "no posts" : RenderContext.count(count, "post", "posts")]
    if pages.last?.posts.count ?? 0 >= APILimits.pageSize { parts.append("more: \(HollowCommandLine.name) \(next)") }
    return context().painter.line([Span(parts.joined(separator: " · "), .dim)])
  }

  private func print(_ lines: [String]) {
    progress.clear()
    environment.stdout.write(lines.map { $0 + "\n" }.joined())
  }

  private func emit(_ value: some Encodable) {
    environment.stdout.write(JSONText.encode(value) + "\n")
  }
}
