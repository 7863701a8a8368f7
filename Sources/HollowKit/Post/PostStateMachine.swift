#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one place that decides a post: the cached copy first, then the server's answer (asked with
/// `old_updated_at` when comments are cached, so unchanged comments are not sent again), what a
/// failure or "no such post" leaves shown, and which cited posts and images to load, each once. A
/// plain value without I/O: events go in, ``Action``s come out, and ``snapshot`` is what `post N`
/// and the post screen show. ``PostModel`` runs the actions.
///
/// While the cached copy is shown its parts come from the cache alone (it shows what the cache
/// has, at once); once the server has answered, or failed, a part the cache lacked is asked for
/// again, cache first. A cited post's image is a part too, asked for when the cited post arrives.
///
/// ```swift
/// var machine = PostStateMachine(pid: 42, options: .init(imageBaseURL: base))
/// _ = machine.open()                                     // [.readCache]
/// let actions = machine.cacheRead(post: nil, comments: nil, cachedAt: nil)
/// if case .fetch(_, let ticket) = actions.first {
///   _ = machine.detailArrived(.complete(post, comments: comments), ticket: ticket)
/// }
/// machine.snapshot.status  // .success
/// ```
public struct PostStateMachine: Sendable {
  /// What the owner must do after an event, in order.
  public enum Action: Sendable, Equatable {
    /// Read the cached post and comments; report them with ``PostStateMachine/cacheRead(post:comments:cachedAt:)``.
    case readCache
    /// Ask the server for the detail, sending `knownUpdatedAt` as `old_updated_at`; report the answer with
    /// `ticket` (``PostStateMachine/detailArrived(_:ticket:)``, ``PostStateMachine/detailFailed(_:ticket:)``).
    case fetch(knownUpdatedAt: Int?, ticket: Int)
    /// Load `parts` (from the cache alone when `cacheOnly`), reporting each with
    /// ``PostStateMachine/partArrived(_:_:)``.
    case loadParts([FeedPart], cacheOnly: Bool)
  }

  /// What a post loads besides itself.
  public struct Options: Sendable, Equatable {
    /// Where images live; nil loads no images.
    public var imageBaseURL: URL?
    /// Load the posts that the post and its comments cite.
    public var loadsQuotes: Bool
    /// Serve only the cache, sending nothing.
    public var offline: Bool

    public init(imageBaseURL: URL? = nil, loadsQuotes: Bool = true, offline: Bool = false) {
      self.imageBaseURL = imageBaseURL
      self.loadsQuotes = loadsQuotes
      self.offline = offline
    }
  }

  public private(set) var snapshot: PostSnapshot
  public let options: Options
  private var hasRead = false
  private var isReading = false
  private var running: Int?
  private var nextTicket = 0
  /// The comments' `updated_at` when they were fetched: what the next fetch sends.
  private var knownUpdatedAt: Int?
  /// Parts come from the cache alone until the server has answered or failed (always, offline).
  private var cacheOnly = true
  /// Each part asked for, with whether it was asked from the cache alone.
  private var asked: [FeedPart: Bool] = [:]
  private var pending: Set<FeedPart> = []
  private var arrived: [FeedPart: FeedPart.Outcome] = [:]

  public init(pid: Int, options: Options = Options()) {
    snapshot = PostSnapshot(pid: pid, status: .inProgress)
    self.options = options
  }

  // MARK: Events

  /// Starts: reads the cache (the server is asked once the cache has answered). Once only.
  public mutating func open() -> [Action] {
    guard !hasRead, !isReading else { return [] }
    isReading = true
    return [.readCache]
  }

  /// The cache answered: shows its copy and asks the server (offline: shows it as final).
  public mutating func cacheRead(post: Post?, comments: CachedComments?, cachedAt: Date?) -> [Action] {
    guard isReading else { return [] }
    isReading = false
    hasRead = true
    snapshot.post = post
    snapshot.comments = comments?.comments
    snapshot.cachedAt = post == nil ? nil : cachedAt
    snapshot.isDeleted = false
    knownUpdatedAt = comments?.asOf
    guard !options.offline else {
      snapshot.offline = .requested
      snapshot.status =
        post == nil ? .lethalFailure("offline and not cached") : .failure("offline: showing the cached copy")
      return askParts()
    }
    snapshot.status = post == nil ? .inProgress : .cached
    let fetch = fetch()
    return [fetch] + askParts()
  }

  /// The server answered the fetch of `ticket`: new comments replace the shown ones, "not
  /// modified" keeps them.
  public mutating func detailArrived(_ result: PostDetailResult, ticket: Int) -> [Action] {
    guard running == ticket else { return [] }
    running = nil
    cacheOnly = false
    snapshot.post = result.post
    if let comments = result.comments {
      snapshot.comments = comments
      knownUpdatedAt = result.post.updatedAt
    }
    snapshot.status = .success
    snapshot.cachedAt = nil
    snapshot.offline = nil
    snapshot.isDeleted = false
    return askParts()
  }

  /// The fetch of `ticket` failed: "no such post" drops the post; any other failure keeps what is
  /// shown, marked failed (and offline, when the server could not be reached).
  public mutating func detailFailed(_ error: HollowError, ticket: Int) -> [Action] {
    guard running == ticket else { return [] }
    running = nil
    cacheOnly = false
    if case .noSuchPost = error.kind {
      snapshot = PostSnapshot(pid: snapshot.pid, status: .lethalFailure(error.kind.description), isDeleted: true)
      knownUpdatedAt = nil
      return askParts()
    }
    snapshot.status = snapshot.status.failed(error.description)
    snapshot.offline = OfflineReason.of(error)
    // Cited posts the cache lacks are asked for anyway: the failure may have been this request's alone.
    return askParts()
  }

  /// A cited post or an image arrived; a cited post with an image asks for it.
  public mutating func partArrived(_ part: FeedPart, _ outcome: FeedPart.Outcome) -> [Action] {
    guard pending.remove(part) != nil else { return [] }
    arrived[part] = outcome
    return askParts()
  }

  /// Asks the server again (offline: the cache). Nothing while a load runs.
  public mutating func refresh() -> [Action] {
    guard hasRead, running == nil else { return [] }
    guard !options.offline else {
      hasRead = false
      isReading = true
      return [.readCache]
    }
    snapshot.isDeleted = false
    snapshot.status = snapshot.post == nil ? .inProgress : .cached
    let fetch = fetch()
    update()
    return [fetch]
  }

  /// Shows `post` (after following it or voting) without asking the server.
  public mutating func replace(_ post: Post) -> [Action] {
    guard post.pid == snapshot.pid, snapshot.post != nil else { return [] }
    snapshot.post = post
    return askParts()
  }

  // MARK: Rules

  private mutating func fetch() -> Action {
    nextTicket += 1
    running = nextTicket
    return .fetch(knownUpdatedAt: knownUpdatedAt, ticket: nextTicket)
  }

  /// What the data shown needs: its images (the post's, the comments', the cited posts'), its
  /// citations, and both as parts.
  private func needs() -> (images: [ImageReference], citations: Citations?, parts: [FeedPart]) {
    guard let post = snapshot.post else { return ([], nil, []) }
    let comments = snapshot.comments ?? []
    let citations = options.loadsQuotes ? Citations(post: post, comments: comments) : nil
    var images: [ImageReference] = []
    if let base = options.imageBaseURL {
      let quoted = (citations?.all ?? []).compactMap { pid -> Post? in
        if case .quote(let quote) = arrived[.quote(pid: pid)] { quote.post } else { nil }
      }
      var seen: Set<URL> = []
      images =
        (ImageReference.all(in: post, comments: comments, imageBaseURL: base)
        + quoted.flatMap { ImageReference.all(in: $0, imageBaseURL: base) })
        .filter { seen.insert($0.url).inserted }
    }
    return (images, citations, images.map(FeedPart.image) + (citations?.all ?? []).map { FeedPart.quote(pid: $0) })
  }

  /// Asks for the parts the data shown needs that were never asked for, and again (cache first)
  /// for those the cache alone lacked once the server has been asked; then updates the snapshot.
  private mutating func askParts() -> [Action] {
    var new: [FeedPart] = []
    for part in needs().parts where !pending.contains(part) {
      if let askedFromCache = asked[part] {
        guard askedFromCache, !cacheOnly, arrived[part].map(Self.isNotCached) ?? false else { continue }
      }
      asked[part] = cacheOnly
      pending.insert(part)
      new.append(part)
    }
    update()
    return new.isEmpty ? [] : [.loadParts(new, cacheOnly: cacheOnly)]
  }

  private static func isNotCached(_ outcome: FeedPart.Outcome) -> Bool {
    switch outcome {
    case .image(.failure(.notCached)), .quote(.notCached): true
    case .image, .quote: false
    }
  }

  /// Gives the snapshot the parts that arrived and says whether it is ready and settled.
  private mutating func update() {
    let (images, citations, parts) = needs()
    snapshot.images = images.compactMap { reference in
      guard case .image(let result) = arrived[.image(reference)] else { return nil }
      return ImageOutcome(reference: reference, result: result)
    }
    if let citations {
      var loaded: [Int: Quote] = [:]
      for pid in citations.all { if case .quote(let quote) = arrived[.quote(pid: pid)] { loaded[pid] = quote } }
      snapshot.quotes = ResolvedQuotes(citations, quotes: loaded)
    } else {
      snapshot.quotes = .none
    }
    snapshot.isReady = parts.allSatisfy { arrived[$0] != nil && !pending.contains($0) }
    snapshot.isSettled = hasRead && running == nil && snapshot.isReady
  }
}
