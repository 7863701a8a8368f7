#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one place that decides a feed: which page to fetch next, where the feed ends, what is
/// offline, which images and cited posts to load (each once), which posts are ready and what the
/// status is. A plain value without I/O: events go in, ``Action``s come out, and ``snapshot`` is
/// what every front end shows. ``FeedModel`` runs the actions.
///
/// The rules of the real backend: a numbered feed ends with an **empty** page or at its maximum
/// page (a short page is not the end: deleted posts are dropped after paging); wander never ends,
/// and an empty batch is neither an error nor the end (the reader asks for the next batch). Every
/// fetch has a ticket; an answer whose ticket is no longer running (a refresh superseded it) is
/// ignored.
///
/// ```swift
/// var machine = FeedStateMachine(source: .followed, options: .init(imageBaseURL: base))
/// for action in machine.refresh() {
///   if case .fetch(let page, let ticket, _) = action {
///     _ = machine.pageArrived(FeedPage(number: page, origin: .network, content: try await load(page)), ticket: ticket)
///   }
/// }
/// machine.snapshot.endReached  // false after a page of 29 posts
/// ```
public struct FeedStateMachine: Sendable {
  /// What the owner must do after an event, in order.
  public enum Action: Sendable, Equatable {
    /// Fetch `page` (the cache alone when `offline` says why) and report it with `ticket`.
    case fetch(page: Int, ticket: Int, offline: OfflineReason?)
    /// Read `page` from the cache alone, to show while the server is asked; report it with
    /// ``FeedStateMachine/servedFromCache(_:)`` if the cache has it.
    case readCache(page: Int)
    /// Load `parts` (from the cache alone when `offline`), reporting each with
    /// ``FeedStateMachine/partArrived(_:_:)``.
    case loadParts([FeedPart], offline: Bool)
    /// Stop the running fetches: a refresh superseded them (their answers will be ignored).
    case cancelFetches
  }

  /// What a feed loads besides its pages.
  public struct Options: Sendable, Equatable {
    /// Where images live; nil loads no images (the image host is not known).
    public var imageBaseURL: URL?
    /// Load the posts that posts and preview comments cite.
    public var loadsQuotes: Bool
    /// Load each cited post's image once the cited post arrives (with an image base): the reader
    /// draws it; print mode shows a cited post as text and leaves it off.
    public var loadsCitedImages: Bool
    /// Serve only the cache, sending nothing.
    public var offline: Bool
    /// How many empty wander batches in a row the reader follows with another request.
    public var emptyBatchesFollowed: Int

    public init(
      imageBaseURL: URL? = nil, loadsQuotes: Bool = true, loadsCitedImages: Bool = false, offline: Bool = false,
      emptyBatchesFollowed: Int = 2
    ) {
      self.imageBaseURL = imageBaseURL
      self.loadsQuotes = loadsQuotes
      self.loadsCitedImages = loadsCitedImages
      self.offline = offline
      self.emptyBatchesFollowed = emptyBatchesFollowed
    }
  }

  /// What one post needs besides itself.
  private struct Needs: Sendable {
    var images: [ImageReference]
    var citations: Citations?
    var parts: [FeedPart]
  }

  private struct Running: Sendable {
    var page: Int
    /// Started by ``refresh()`` (its answer replaces the pages).
    var isRefresh: Bool
  }

  public private(set) var snapshot: FeedSnapshot
  public let options: Options
  private var nextTicket = 0
  private var running: [Int: Running] = [:]
  /// Print mode, wander: the batches fetched once the first one has answered.
  private var queued: [Int] = []
  private var offline: OfflineReason?
  private var error: HollowError?
  private var arrived: [FeedPart: FeedPart.Outcome] = [:]
  private var asked: Set<FeedPart> = []
  /// The posts (page number, index) waiting for each part.
  private var waiting: [FeedPart: [(page: Int, index: Int)]] = [:]
  private var needs: [Int: [Needs]] = [:]
  /// Whether an empty wander batch is followed by another request (the reader, not print mode).
  private var followsEmptyBatches = false
  private var emptyBatchesInARow = 0
  /// Where the feed starts (``open(at:)``): what a refresh loads again and the first page that
  /// replaces the others.
  private var firstPage = 1

  public init(source: FeedSource, options: Options = Options()) {
    snapshot = FeedSnapshot(source: source)
    self.options = options
    if options.offline {
      offline = .requested
      snapshot.offlineReason = .requested
    }
    updatePhase()
  }

  // MARK: Events

  /// Print mode: fetches `pages`. A numbered feed's pages are all asked for at once (one round trip,
  /// not two: its end is an empty page or the maximum page, which the answers tell, in whatever order
  /// they come); wander's batches, the first alone, then the others.
  public mutating func load(pages: [Int]) -> [Action] {
    guard let first = pages.first else { return [] }
    followsEmptyBatches = false
    guard snapshot.source.maximumPage == nil else {
      queued = []
      return pages.map { fetch($0, isRefresh: false) }
    }
    queued = Array(pages.dropFirst())
    return [fetch(first, isRefresh: false)]
  }

  /// The reader's start: shows the cached first page at once while the server is asked for it.
  public mutating func open() -> [Action] {
    open(at: 1)
  }

  /// The reader's start at `page` (`timeline --page 3`): that page, cached at once, then the
  /// server's; later pages follow it and a refresh starts over from it. A page past the feed's
  /// maximum is its maximum; an endless feed has no pages to start at.
  public mutating func open(at page: Int) -> [Action] {
    firstPage = snapshot.source.maximumPage.map { max(1, min(page, $0)) } ?? 1
    let actions = refresh()
    return offline == nil ? [.readCache(page: firstPage)] + actions : actions
  }

  /// Stops the running fetches (the user pressed Esc): their answers are ignored, what is shown
  /// stays, and ``FeedSnapshot/loadCancelled`` says so until the next fetch.
  public mutating func cancelLoads() -> [Action] {
    guard !running.isEmpty else { return [] }
    running = [:]
    queued = []
    snapshot.loadCancelled = true
    snapshot.isWaiting = false
    updatePhase()
    return [.cancelFetches]
  }

  /// Starts over from page 1 (a new batch for wander); a running load-more is superseded. Nothing
  /// while a refresh runs.
  public mutating func refresh() -> [Action] {
    if running.values.contains(where: \.isRefresh) { return [] }
    var actions: [Action] = []
    if !running.isEmpty {
      running = [:]
      actions.append(.cancelFetches)
    }
    followsEmptyBatches = true
    emptyBatchesInARow = 0
    queued = []
    error = nil
    actions.append(fetch(firstPage, isRefresh: true))
    return actions
  }

  /// Fetches the page after the last one (again, after a failure). Nothing while a page loads or
  /// once the end is reached.
  public mutating func loadMore() -> [Action] {
    guard running.isEmpty, !snapshot.endReached else { return [] }
    let next = max(firstPage, snapshot.lastPage + 1)
    if let maximum = snapshot.source.maximumPage, next > maximum {
      snapshot.endReached = true
      updatePhase()
      return []
    }
    followsEmptyBatches = true
    error = nil
    return [fetch(next, isRefresh: next == firstPage)]
  }

  /// The cached copy of a page arrived (``Action/readCache(page:)``): shown until the server's
  /// answer comes; ignored once a page is shown.
  public mutating func servedFromCache(_ page: FeedPage) -> [Action] {
    guard snapshot.pages.isEmpty else { return [] }
    return install(page, replacing: false)
  }

  /// A fetched page arrived (from the server, or from the cache when offline).
  public mutating func pageArrived(_ page: FeedPage, ticket: Int) -> [Action] {
    guard let fetch = running.removeValue(forKey: ticket) else { return [] }
    error = nil
    snapshot.failures[page.number] = nil
    if let reason = page.offline, offline == nil { wentOfflineQuietly(reason) }
    var actions = followQueued()
    // Only a refresh's first page starts the feed over: print mode's page 1 may arrive after the pages
    // asked for with it.
    actions += install(page, replacing: fetch.isRefresh)
    if case .endless = snapshot.source.paging, page.content.posts.isEmpty, followsEmptyBatches,
      emptyBatchesInARow < options.emptyBatchesFollowed
    {
      emptyBatchesInARow += 1
      actions.append(self.fetch(page.number + 1, isRefresh: false))
    } else if !page.content.posts.isEmpty {
      emptyBatchesInARow = 0
    }
    return actions
  }

  /// A fetch failed: the server answered an error, or (offline) the cache does not hold the page.
  public mutating func pageFailed(_ number: Int, _ failure: FeedPageFailure, ticket: Int) -> [Action] {
    guard running.removeValue(forKey: ticket) != nil else { return [] }
    snapshot.failures[number] = failure
    if case .request(let error) = failure { self.error = error }
    let actions = followQueued()
    updatePhase()
    return actions
  }

  /// An image or a cited post arrived: the posts waiting for it get it. A cited post's image is
  /// asked for then (``Options/loadsCitedImages``), and the posts citing it wait for it too.
  public mutating func partArrived(_ part: FeedPart, _ outcome: FeedPart.Outcome) -> [Action] {
    guard asked.contains(part), arrived[part] == nil else { return [] }
    arrived[part] = outcome
    switch outcome {
    case .image: snapshot.progress.imagesDone += 1
    case .quote: snapshot.progress.quotesDone += 1
    }
    let waiters = waiting.removeValue(forKey: part) ?? []
    var newParts: [FeedPart] = []
    if options.loadsCitedImages, let base = options.imageBaseURL, case .quote(.post(let cited, _)) = outcome {
      for reference in ImageReference.all(in: cited, imageBaseURL: base) {
        let image = FeedPart.image(reference)
        for (page, index) in waiters where needs[page]?.indices.contains(index) == true {
          guard !(needs[page]?[index].parts.contains(image) ?? true) else { continue }
          needs[page]?[index].images.append(reference)
          needs[page]?[index].parts.append(image)
          if arrived[image] == nil { waiting[image, default: []].append((page, index)) }
        }
        if arrived[image] == nil, asked.insert(image).inserted {
          newParts.append(image)
          snapshot.progress.imagesTotal += 1
        }
      }
    }
    for (page, index) in waiters { rebuild(page: page, index: index) }
    updatePhase()
    return newParts.isEmpty ? [] : [.loadParts(newParts, offline: offline != nil)]
  }

  /// The server cannot be reached (or offline was asked for): from now on pages, images and quotes
  /// come from the cache alone.
  public mutating func wentOffline(_ reason: OfflineReason) -> [Action] {
    wentOfflineQuietly(reason)
    updatePhase()
    return []
  }

  /// A rate-limit window opened (`waiting`) or closed: the next request waits, which is not a failure.
  public mutating func rateLimitWindow(waiting: Bool) -> [Action] {
    snapshot.isWaiting = waiting
    return []
  }

  // MARK: Rules

  private mutating func fetch(_ page: Int, isRefresh: Bool) -> Action {
    nextTicket += 1
    running[nextTicket] = Running(page: page, isRefresh: isRefresh)
    snapshot.loadCancelled = false
    snapshot.isLoading = true
    updatePhase()
    return .fetch(page: page, ticket: nextTicket, offline: offline)
  }

  /// Print mode: once the first page has answered, every other page at once.
  private mutating func followQueued() -> [Action] {
    let pages = queued
    queued = []
    let actions = pages.map { fetch($0, isRefresh: false) }
    snapshot.isLoading = !running.isEmpty
    return actions
  }

  private mutating func wentOfflineQuietly(_ reason: OfflineReason) {
    guard offline == nil else { return }
    offline = reason
    snapshot.offlineReason = reason
  }

  /// Shows `page` (page 1 of a refresh replaces every page), decides the end and asks for the
  /// parts its posts need that were never asked for.
  private mutating func install(_ page: FeedPage, replacing: Bool) -> [Action] {
    if replacing {
      snapshot.pages = []
      snapshot.endReached = false
      needs = [:]
      for part in waiting.keys { waiting[part] = [] }
    }
    var newParts: [FeedPart] = []
    var posts: [FeedPost] = []
    var pageNeeds: [Needs] = []
    for (index, post) in page.content.posts.enumerated() {
      let comments = page.content.comments?[post.pid] ?? []
      let images =
        options.imageBaseURL.map { ImageReference.all(in: post, comments: comments, imageBaseURL: $0) } ?? []
      let citations = options.loadsQuotes ? Citations(post: post, comments: comments) : nil
      let parts = images.map(FeedPart.image) + (citations?.all ?? []).map { FeedPart.quote(pid: $0) }
      for part in parts where arrived[part] == nil {
        waiting[part, default: []].append((page.number, index))
        if asked.insert(part).inserted {
          newParts.append(part)
          if case .image = part { snapshot.progress.imagesTotal += 1 } else { snapshot.progress.quotesTotal += 1 }
        }
      }
      pageNeeds.append(Needs(images: images, citations: citations, parts: parts))
      posts.append(FeedPost(page: page.number, index: index, post: post, comments: comments))
    }
    needs[page.number] = pageNeeds
    let position = snapshot.pages.firstIndex { $0.number >= page.number } ?? snapshot.pages.endIndex
    let entry = FeedSnapshot.Page(page: page, posts: posts)
    if position < snapshot.pages.endIndex, snapshot.pages[position].number == page.number {
      snapshot.pages[position] = entry
    } else {
      snapshot.pages.insert(entry, at: position)
    }
    for index in posts.indices { rebuild(page: page.number, index: index) }
    snapshot.progress.postsTotal = snapshot.pages.reduce(0) { $0 + $1.posts.count }
    snapshot.origin = page.origin
    snapshot.cachedAt = page.origin == .cache ? page.cachedAt : nil
    if let maximum = snapshot.source.maximumPage, page.content.posts.isEmpty || page.number >= maximum {
      snapshot.endReached = true
    }
    updatePhase()
    return newParts.isEmpty ? [] : [.loadParts(newParts, offline: offline != nil)]
  }

  /// Gives the post at (`page`, `index`) the parts that arrived and says whether it is ready.
  private mutating func rebuild(page number: Int, index: Int) {
    guard let need = needs[number]?[index],
      let position = snapshot.pages.firstIndex(where: { $0.number == number }),
      snapshot.pages[position].posts.indices.contains(index)
    else { return }
    let images = need.images.compactMap { reference -> ImageOutcome? in
      guard case .image(let result) = arrived[.image(reference)] else { return nil }
      return ImageOutcome(reference: reference, result: result)
    }
    var quotes: ResolvedQuotes = .none
    if let citations = need.citations {
      var loaded: [Int: Quote] = [:]
      for pid in citations.all { if case .quote(let quote) = arrived[.quote(pid: pid)] { loaded[pid] = quote } }
      quotes = ResolvedQuotes(citations, quotes: loaded)
    }
    let isReady = need.parts.allSatisfy { arrived[$0] != nil }
    snapshot.pages[position].posts[index].images = images
    snapshot.pages[position].posts[index].quotes = quotes
    snapshot.pages[position].posts[index].isReady = isReady
  }

  private mutating func updatePhase() {
    snapshot.isLoading = !running.isEmpty
    snapshot.isRefreshing = running.values.contains(where: \.isRefresh)
    snapshot.progress.postsDone = snapshot.pages.reduce(0) { $0 + $1.posts.count { $0.isReady } }
    snapshot.isSettled = running.isEmpty && queued.isEmpty && asked.count == arrived.count
    if let error {
      snapshot.phase = snapshot.pages.isEmpty ? .lethal(error) : .failed(error)
    } else if offline != nil {
      snapshot.phase = .offline
    } else if snapshot.pages.isEmpty {
      snapshot.phase = .loading
    } else if snapshot.origin == .cache {
      snapshot.phase = .cached
    } else {
      snapshot.phase = .fresh
    }
  }
}
