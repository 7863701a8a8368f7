/// The work of one timeline subscription: fetches the pages concurrently and, as each page arrives,
/// loads its parts (images and cited posts), reporting every step as a ``TimelineRun/Event``.
///
/// The first page is fetched alone: it tells whether the server answers, so an unreachable server
/// costs one request rather than one per page, and it costs nothing against the budget, which
/// counts one round for it anyway. Then the other pages' fetches start before the first page's
/// parts, so their permits come first; every request waits for the same ``HostLimiter`` budget.
struct TimelineRun: Sendable {
  /// One step of the run, tagged with the position of its page in the requested list.
  enum Event: Sendable {
    /// A page's fetch ended.
    case page(FetchedPage)
    /// Part `index` of the page at `position` ended.
    case part(position: Int, index: Int, TimelineJob.Outcome)
  }

  let loader: TimelineLoader
  let feed: TimelineFeed
  let pages: [Int]
  let options: TimelineOptions

  /// Runs every page and part, calling `report` from whichever task finished the step.
  func run(_ report: @escaping @Sendable (Event) -> Void) async {
    guard !pages.isEmpty else { return }
    let first = await fetch(position: 0, offline: options.offline)
    report(.page(first))
    if case .cancelled = first.outcome { return }
    await runRest(offline: first.offline, first: first, report)
  }

  private func runRest(offline: Bool, first: FetchedPage, _ report: @escaping @Sendable (Event) -> Void) async {
    await withDiscardingTaskGroup { group in
      for position in pages.indices.dropFirst() {
        group.addTask {
          let fetched = await fetch(position: position, offline: offline)
          report(.page(fetched))
          await complete(fetched, report)
        }
      }
      await complete(first, report)
    }
  }

  /// The outcome of fetching the page at `position` of the requested list.
  struct FetchedPage: Sendable {
    var position: Int
    var number: Int
    var outcome: TimelineLoader.PageOutcome
    /// The page's bookkeeping, when it loaded.
    var assembler: TimelineAssembler?
    /// Why the cache answered instead of the server, when the server could not be reached.
    var unreachable: String?
    /// Whether the cache answered because the run is (or just went) offline.
    var offline: Bool
  }

  /// The page at `position`, falling back to the cache when the server cannot be reached.
  private func fetch(position: Int, offline: Bool) async -> FetchedPage {
    let number = pages[position]
    var outcome = await loader.page(number, feed: feed, offline: offline)
    var unreachable: String?
    if case .unreachable(let reason) = outcome {
      unreachable = reason
      outcome = await loader.page(number, feed: feed, offline: true)
    }
    var assembler: TimelineAssembler?
    if case .loaded(let page) = outcome {
      assembler = TimelineAssembler(
        page: page.content, number: number, ordering: options.ordering,
        imageBaseURL: loader.client.configuration.imageBaseURL, loadsImages: options.loadsImages,
        loadsQuotes: options.loadsQuotes)
    }
    return FetchedPage(
      position: position, number: number, outcome: outcome, assembler: assembler, unreachable: unreachable,
      offline: offline || unreachable != nil)
  }

  /// Caches a page from the server while loading every part of it at once (the limiter holds each host to
  /// its budget): the parts need not wait for the page's write.
  private func complete(_ fetched: FetchedPage, _ report: @escaping @Sendable (Event) -> Void) async {
    guard case .loaded(let page) = fetched.outcome, let parts = fetched.assembler?.parts else { return }
    let policy: CachePolicy = fetched.offline ? .cacheOnly : .cacheFirst
    let (loader, feed, images, quotes, position) = (loader, feed, loader.images, loader.quotes, fetched.position)
    await withDiscardingTaskGroup { group in
      if page.origin == .network {
        group.addTask { await loader.store(page, feed: feed) }
      }
      for (index, part) in parts.enumerated() {
        let job = TimelineJob(part: part, images: images, quotes: quotes, policy: policy)
        group.addTask { report(.part(position: position, index: index, await job.perform())) }
      }
    }
  }
}
