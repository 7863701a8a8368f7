import HollowKit
import Signal
import Synchronization

/// Carries out the user's actions on posts (follow, vote, comment, new post) as requests through
/// the client's Signal publishers. Intents come in through ``send(_:)`` (``ActionsIntent``); it
/// publishes the last action's result or error for the status line on ``messages``, and on
/// ``outcomes`` a post the server sent back (followed, voted: every screen shows the new copy) or
/// what was sent (a comment, a post).
///
/// ```swift
/// let actions = ActionsViewModel(services: services)
/// actions.send(.follow(post))   // "following #42 (3 likes)" or the error, in the status line
/// ```
final class ActionsViewModel: Sendable {
  /// What was sent: a comment on a post, or a new post.
  enum Sent: Sendable, Equatable {
    case comment(pid: Int, cid: Int)
    case post(pid: Int)
  }

  /// What a finished action changed beyond its message.
  enum Outcome: Sendable, Equatable {
    /// The server's new copy of a post (followed, voted).
    case updated(Post)
    case sent(Sent)
  }

  private struct Core {
    var message: ReaderMessage?
    var running: [Int: AnyCancellable] = [:]
    var nextID = 0
  }

  private let services: ReaderServices
  /// Where a comment or post whose send failed is kept, for the next time its prompt opens.
  private let drafts: DraftStore?
  private let subject = CurrentValueSubject<ReaderMessage?, Never>(nil)
  private let finished = PassthroughSubject<Outcome, Never>()
  private let core = Mutex(Core())
  /// The last message, then every new one.
  let messages: Publishers.Share<SubjectValues<ReaderMessage?, Never>>
  /// Every outcome from now on. Outcomes are one per request: none is dropped.
  let outcomes: SubjectValues<Outcome, Never>

  init(services: ReaderServices, drafts: DraftStore? = nil) {
    self.services = services
    self.drafts = drafts
    messages = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
    outcomes = finished.values(buffering: .dropOldest(64))
  }

  deinit {
    for subscription in core.withLock({ Array($0.running.values) }) { subscription.cancel() }
  }

  /// The message the status line shows now.
  var message: ReaderMessage? { core.withLock { $0.message } }

  func send(_ intent: ActionsIntent) {
    switch intent {
    case .say(let message): say(message)
    case .follow(let post): follow(post)
    case .vote(let post, let option): vote(post, option: option)
    case .comment(let pid, let replyTo, let text): comment(on: pid, replyTo: replyTo, text: text)
    case .post(let text): post(text: text)
    }
  }

  private func say(_ message: ReaderMessage?) {
    core.withLock { core in
      core.message = message
      subject.trySend(message)
    }
  }

  private func follow(_ post: Post) {
    let follow = !post.isFollowed
    let request = services.client.request(FollowRequest.self, .init(pid: post.pid, follow: follow))
    say(ReaderMessage(follow ? "following #\(post.pid)…" : "unfollowing #\(post.pid)…"))
    run(request.publisher, failing: follow ? "follow #\(post.pid)" : "unfollow #\(post.pid)") { [finished] updated in
      finished.trySend(.updated(updated))
      let likes = RenderContext.count(updated.likeCount, "like", "likes")
      return ReaderMessage(follow ? "following #\(post.pid) (\(likes))" : "no longer following #\(post.pid)")
    }
  }

  private func vote(_ post: Post, option number: Int) {
    guard let vote = post.vote, vote.options.indices.contains(number - 1) else {
      return say(ReaderMessage(error: "#\(post.pid) has no option \(number)"))
    }
    let option = vote.options[number - 1]
    let request = services.client.request(VoteRequest.self, .init(pid: post.pid, option: option))
    run(request.publisher, failing: "vote in #\(post.pid)") { [finished] vote in
      var updated = post
      updated.vote = vote
      finished.trySend(.updated(updated))
      return ReaderMessage("voted \"\(option)\" in #\(post.pid)")
    }
  }

  private func comment(on pid: Int, replyTo: Int?, text: String) {
    let request = services.client.request(SendCommentRequest.self, .init(pid: pid, text: text, replyTo: replyTo))
    let draft = Draft(key: ComposeState.Purpose.comment(pid: pid, replyTo: replyTo).draftKey, text: text)
    say(ReaderMessage("sending the comment…"))
    run(request.publisher, failing: "comment on #\(pid)", draft: draft) { [weak self, finished] cid in
      finished.trySend(.sent(.comment(pid: pid, cid: cid)))
      self?.reload(pid)
      return ReaderMessage("commented on #\(pid) as #\(cid)")
    }
  }

  /// Asks the server for the post alone (its reply count moved) and hands it on as an update, so
  /// the lists show the new count; a failure leaves the old copy, quietly (the comment was sent).
  private func reload(_ pid: Int) {
    guard !services.offline else { return }
    let request = services.client.request(PostDetailRequest.self, .init(pid: pid, includeComments: false))
    let id = core.withLock { core in
      defer { core.nextID += 1 }
      return core.nextID
    }
    let subscription = request.publisher.sink(
      receiveCompletion: { [weak self] _ in _ = self?.core.withLock { $0.running.removeValue(forKey: id) } },
      receiveValue: { [finished] detail in finished.trySend(.updated(detail.post)) })
    core.withLock { core in core.running[id] = subscription }
  }

  private func post(text: String) {
    let request = services.client.request(
      SendPostRequest.self, .init(text: text, image: nil, voteOptions: [], tag: nil))
    let draft = Draft(key: ComposeState.Purpose.newPost.draftKey, text: text)
    say(ReaderMessage("sending the post…"))
    run(request.publisher, failing: "post", draft: draft) { [finished] pid in
      finished.trySend(.sent(.post(pid: pid)))
      return ReaderMessage("posted #\(pid)")
    }
  }

  /// A text being sent, kept in ``DraftStore`` if its send fails.
  private struct Draft: Sendable {
    var key: String?
    var text: String
  }

  /// Keeps `draft` after a failed send and answers what the status line adds about it.
  private func keep(_ draft: Draft?) -> String {
    guard let draft, let key = draft.key, let drafts else { return "" }
    switch drafts.keep(draft.text, for: key) {
    case .success: return " · draft kept"
    case .failure(let error): return " · draft kept until you quit (\(error.reason))"
    }
  }

  /// Subscribes to `publisher` until it ends, then says what `success` makes of its value, or
  /// the error (a draft being sent is kept on failure and forgotten on success).
  private func run<P: Publisher>(
    _ publisher: P, failing action: String, draft: Draft? = nil,
    success: @escaping @Sendable (P.Output) -> ReaderMessage
  ) where P.Failure == HollowError {
    guard !services.offline else {
      return say(ReaderMessage(error: "\(action): offline (--offline)" + keep(draft)))
    }
    let id = core.withLock { core in
      defer { core.nextID += 1 }
      return core.nextID
    }
    let subscription = publisher.sink(
      receiveCompletion: { [weak self] completion in
        if case .failure(let error) = completion, let self {
          self.say(ReaderMessage(failed: action, error, suffix: self.keep(draft)))
        }
        _ = self?.core.withLock { $0.running.removeValue(forKey: id) }
      },
      receiveValue: { [weak self] value in
        if let key = draft?.key { self?.drafts?.discard(for: key) }
        self?.say(success(value))
      })
    core.withLock { core in
      // A request that ended before this line leaves its finished token here: one per action, released with the model.
      core.running[id] = subscription
    }
  }
}
