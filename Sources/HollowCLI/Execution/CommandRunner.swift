import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one backend command: sends its requests (reading ones through the library loaders and
/// the cache), then prints either what a person reads or, with `--json`, the decoded models
/// re-encoded as one JSON document.
struct CommandRunner: Sendable {
  let session: Session
  let output: CommandOutput

  private var client: TreeHoleClient { session.client }
  private var options: GlobalOptions { output.options }
  private var commandName: String { session.commandName }

  private func context() -> RenderContext { output.context() }

  private var composer: TextComposer { TextComposer(environment: output.environment, command: commandName) }

  func run(_ command: Command) async throws(CLIFailure) {
    defer { output.progress.clear() }
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
    let feeds = FeedRunner(session: session, output: output)
    switch command {
    case .timeline(let page, let pages, let asReady):
      try await feeds.run(.timeline(page: page, pages: pages, asReady: asReady))
    case .wander:
      try await feeds.run(.wander)
    case .post(let pid, let saveImages):
      try await PostRunner(session: session, output: output).run(pid: pid, saveImagesTo: saveImages)
    case .search(let keywords, let page, let includeComments):
      try await feeds.run(.search(keywords: keywords, page: page, includeComments: includeComments))
    case .attentions(let page):
      try await feeds.run(.attentions(page: page))
    case .follow(let pid), .unfollow(let pid):
      let follow = command == .follow(pid: pid)
      let post = try await client.perform(FollowRequest.self, .init(pid: pid, follow: follow))
      if options.json { return output.emit(AttentionResult(post: post)) }
      let likes = RenderContext.count(post.likeCount, "like", "likes")
      let text = follow ? "following #\(pid) (\(likes))" : "no longer following #\(pid) (\(likes))"
      output.print([context().painter.line([Span(text)])])
    case .send(let send):
      let image = try send.imagePath.map { path throws(CLIFailure) in try ImageFile.read(path, command: commandName) }
      let text = try await composer.text(send.text)
      let pid = try await client.perform(
        SendPostRequest.self, .init(text: text, image: image, voteOptions: send.voteOptions, tag: send.tag))
      if options.json { return output.emit(SentPost(pid: pid)) }
      output.print([context().painter.line([Span("posted "), Span("#\(pid)", .pid)])])
    case .comment(let pid, let source, let replyTo):
      let text = try await composer.text(source)
      let cid = try await client.perform(SendCommentRequest.self, .init(pid: pid, text: text, replyTo: replyTo))
      if options.json { return output.emit(SentComment(cid: cid)) }
      output.print([
        context().painter.line([Span("commented on "), Span("#\(pid)", .pid), Span(" as "), Span("#\(cid)", .pid)])
      ])
    case .vote(let pid, let option):
      let vote = try await client.perform(VoteRequest.self, .init(pid: pid, option: option))
      if options.json { return output.emit(VoteResult(vote: vote)) }
      let heading = context().painter.line([Span("voted in "), Span("#\(pid)", .pid)])
      output.print([heading] + VoteRenderer(context: context()).lines(vote, prefix: PostRenderer.bodyPrefix))
    case .messages:
      let messages = try await client.perform(SystemMessagesRequest.self, .init())
      if options.json { return output.emit(SystemMessageList(messages: messages)) }
      output.print(MessageRenderer(context: output.context(limits: .full)).lines(messages))
    case .serve, .cache, .export, .import:
      throw CLIFailure.failed("\(commandName) does not use a backend")
    }
  }
}
