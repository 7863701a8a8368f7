import Signal

/// The loading of one timeline subscription as a Signal pipeline of ``TimelineStep``s.
///
/// ```
/// fetch(page at 0) ─flatMap(1)─▶ .page(first)
///   ++ [1, …, n-1, first's parts].publisher ─flatMap(n)─▶ fetch ─flatMap(1)─▶ .page ++ parts,  or parts(first)
/// parts(page) = page's distinct images and cited pids ─fan-in (closure form)─▶ .part(position, index, outcome)
/// ```
///
/// The first page is fetched alone: it tells whether the server answers, so an unreachable server
/// costs one request rather than one per page, and it costs nothing against the budget, which
/// counts one round for it anyway. Then the other pages' fetches are subscribed before the first
/// page's parts, so their permits mostly come first; every request waits for the same
/// ``HostLimiter`` budget, which is why each fan-in may run all its parts at once. A page from the
/// server is cached as the pipeline fetches it. The pipeline runs in the subscriber's tasks:
/// cancelling the subscriber cancels every load, and, as Signal's many-producer operators wait for
/// their producers, its end comes only after every load has returned.
struct TimelineSteps: Sendable {
  let loader: TimelineLoader
  let feed: TimelineFeed
  let pages: [Int]
  let options: TimelineOptions

  var publisher: AnyPublisher<TimelineStep, Never> {
    guard !pages.isEmpty else { return Empty().eraseToAnyPublisher() }
    let steps = self
    return fetch(position: 0, offline: options.offline ? .requested : nil)
      .flatMap(maxPublishers: 1) { first in steps.following(first) }
      .eraseToAnyPublisher()
  }

  /// The first page's step, then the other pages and the first page's parts, all at once.
  ///
  /// One `flatMap` over the jobs, the other pages first and the first page's parts last: it starts
  /// its inner publishers in that order, so the page fetches reach the ``HostLimiter``'s queue
  /// before the parts do (a `merge` of the two started them in whichever order its tasks ran, and
  /// pages that waited behind a round of parts cost the run one more round).
  private func following(_ first: FetchedPage) -> AnyPublisher<TimelineStep, Never> {
    let head = Just(TimelineStep.page(first))
    if case .cancelled = first.outcome { return head.eraseToAnyPublisher() }
    let steps = self
    // A position to fetch, or nil for the first page's parts.
    let jobs: [Int?] = Array(pages.indices.dropFirst()) + [nil]
    let rest = jobs.publisher.flatMap(maxPublishers: jobs.count) { position -> AnyPublisher<TimelineStep, Never> in
      guard let position else { return steps.parts(of: first) }
      return steps.fetch(position: position, offline: first.offline).flatMap(maxPublishers: 1) { fetched in
        Just(TimelineStep.page(fetched)).append(steps.parts(of: fetched))
      }.eraseToAnyPublisher()
    }
    return head.append(rest).eraseToAnyPublisher()
  }

  /// A cold publisher of the fetch of the page at `position`, done in the subscriber's task.
  private func fetch(position: Int, offline: OfflineReason?)
    -> Publishers.Perform<PerformableClosure<FetchedPage, Never>>
  {
    let steps = self
    return PerformableClosure { await steps.fetchPage(position: position, offline: offline) }.publisher
  }

  /// Every distinct part of a loaded page, all at once (the limiter holds each host to its budget).
  private func parts(of fetched: FetchedPage) -> AnyPublisher<TimelineStep, Never> {
    guard case .loaded = fetched.outcome, let parts = fetched.assembler?.parts, !parts.isEmpty else {
      return Empty().eraseToAnyPublisher()
    }
    let policy: CachePolicy = fetched.offline == nil ? .cacheFirst : .cacheOnly
    let (images, quotes, position) = (loader.images, loader.quotes, fetched.position)
    return parts.publisher(maxConcurrent: parts.count) { part in
      await part.load(images: images, quotes: quotes, policy: policy)
    }
    .map { index, outcome in TimelineStep.part(position: position, index: index, outcome.get()) }
    .eraseToAnyPublisher()
  }

  /// The page at `position`, falling back to the cache when the server cannot be reached.
  private func fetchPage(position: Int, offline: OfflineReason?) async -> FetchedPage {
    let number = pages[position]
    var outcome = await loader.page(number, feed: feed, offline: offline)
    var unreachable: OfflineReason?
    if case .unreachable(let reason) = outcome {
      unreachable = reason
      outcome = await loader.page(number, feed: feed, offline: reason)
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
      offline: offline ?? unreachable)
  }
}
