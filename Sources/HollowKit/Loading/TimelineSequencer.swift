/// Turns a timeline's steps (``TimelineSteps``), which arrive in whatever order the network finishes them, into
/// the timeline's events in the order ``TimelineOptions/Ordering`` asks for.
///
/// As ready, every step is handled when it arrives. In order, the steps of a page wait until every
/// page before it has delivered all its posts, then are handled in arrival order: the events are
/// exactly those of loading the pages one after another, only sooner. A plain value: the iterator
/// feeds it steps and emits what it returns.
struct TimelineSequencer {
  private let options: TimelineOptions
  private var offline: Bool
  private var progress = TimelineProgress()
  private var assemblers: [Int: TimelineAssembler] = [:]
  private var partsLeft: [Int: Int] = [:]
  /// In order: the position whose steps are handled now, and the later ones' steps.
  private var current = 0
  private var held: [Int: [TimelineStep]] = [:]

  /// What handling steps produced; `stop` when a page load was cancelled and the stream must end.
  struct Output {
    var events: [TimelineEvent] = []
    var stop = false
  }

  init(options: TimelineOptions) {
    self.options = options
    offline = options.offline
  }

  /// The events that come before any step.
  var openingEvents: [TimelineEvent] {
    options.offline ? [.offline(.requested)] : []
  }

  mutating func receive(_ step: TimelineStep) -> Output {
    var output = Output()
    guard options.ordering == .inOrder else {
      handle(step, into: &output)
      return output
    }
    guard position(of: step) == current else {
      held[position(of: step), default: []].append(step)
      return output
    }
    handle(step, into: &output)
    advance(into: &output)
    return output
  }

  /// Handles every step still held, in page order (for a run that ended early).
  mutating func drain() -> Output {
    var output = Output()
    for position in held.keys.sorted() {
      for step in held.removeValue(forKey: position) ?? [] where !output.stop { handle(step, into: &output) }
    }
    return output
  }

  private func position(of step: TimelineStep) -> Int {
    switch step {
    case .page(let page): page.position
    case .part(let position, _, _): position
    }
  }

  /// In order: while the current page is done, moves on and handles what the next one holds.
  private mutating func advance(into output: inout Output) {
    while !output.stop, partsLeft[current] == 0 {
      partsLeft[current] = nil
      assemblers[current] = nil
      current += 1
      for step in held.removeValue(forKey: current) ?? [] where !output.stop { handle(step, into: &output) }
    }
  }

  private mutating func handle(_ step: TimelineStep, into output: inout Output) {
    switch step {
    case .page(let fetched):
      if let unreachable = fetched.unreachable, !offline {
        offline = true
        output.events.append(.offline(unreachable))
      }
      switch fetched.outcome {
      case .cancelled:
        output.stop = true
      case .unreachable:
        output.events.append(.pageFailed(page: fetched.number, .notCached))  // not reached: the run asked the cache
        partsLeft[fetched.position] = 0
      case .failed(let failure):
        output.events.append(.pageFailed(page: fetched.number, failure))
        partsLeft[fetched.position] = 0
      case .loaded(let page):
        guard var assembler = fetched.assembler else { return }
        output.events.append(.page(page))
        progress.postsTotal += assembler.postCount
        progress.imagesTotal += assembler.imagePartCount
        progress.quotesTotal += assembler.quotePartCount
        deliver(assembler.readyPosts(), into: &output)
        assemblers[fetched.position] = assembler
        partsLeft[fetched.position] = assembler.parts.count
      }
    case .part(let position, let index, let outcome):
      switch outcome {
      case .image: progress.imagesDone += 1
      case .quote: progress.quotesDone += 1
      }
      guard let ready = assemblers[position]?.complete(part: index, with: outcome) else { return }
      partsLeft[position, default: 1] -= 1
      deliver(ready, into: &output)
    }
  }

  private mutating func deliver(_ posts: [TimelinePost], into output: inout Output) {
    progress.postsDone += posts.count
    output.events += posts.map(TimelineEvent.post)
    if options.reportsProgress { output.events.append(.progress(progress)) }
  }
}
