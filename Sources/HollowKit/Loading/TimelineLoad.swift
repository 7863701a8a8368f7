import Signal

/// The publisher of ``TimelineLoader/timeline(feed:pages:options:)``: `TimelineSteps`' Signal
/// pipeline, its steps put in the order ``TimelineOptions/Ordering`` asks for by a
/// `TimelineSequencer`.
public struct TimelineLoad: Publisher {
  public typealias Output = TimelineEvent
  public typealias Element = TimelineEvent
  public typealias Failure = Never

  public let loader: TimelineLoader
  public let feed: TimelineFeed
  public let pages: [Int]
  public let options: TimelineOptions

  public func makeAsyncIterator() -> Iterator {
    Iterator(
      steps: TimelineSteps(loader: loader, feed: feed, pages: pages, options: options).publisher.makeAsyncIterator(),
      options: options)
  }

  /// Subscribes to the steps when made, and turns each step into the events it completes.
  ///
  /// A cancelled subscriber gets `nil` once the pipeline has ended, that is once every load it
  /// cancelled has returned, so when its loop is over no load still holds a ``HostLimiter``
  /// permit or a connection. Dropping the iterator cancels the loads without waiting.
  public struct Iterator: AsyncIteratorProtocol {
    private var steps: AnyPublisher<TimelineStep, Never>.Iterator?
    private var sequencer: TimelineSequencer
    private var events: [TimelineEvent]
    private var next = 0
    private var ended = false

    init(steps: AnyPublisher<TimelineStep, Never>.Iterator, options: TimelineOptions) {
      self.steps = steps
      sequencer = TimelineSequencer(options: options)
      events = sequencer.openingEvents
    }

    public mutating func next() async -> TimelineEvent? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> TimelineEvent? {
      while true {
        guard !Task.isCancelled else { return await end(isolation: actor) }
        if next < events.count {
          defer { next += 1 }
          return events[next]
        }
        events.removeAll(keepingCapacity: true)
        next = 0
        if ended { return nil }
        guard let step = await steps?.next(isolation: actor) else {
          ended = true
          let rest = sequencer.drain()
          events = rest.events
          if rest.stop { return await end(isolation: actor) }
          continue
        }
        let output = sequencer.receive(step)
        events = output.events
        if output.stop { return await end(isolation: actor) }
      }
    }

    /// Drops the pending events and ends the pipeline: in a cancelled task, asking it for a step
    /// cancels it and returns once every load has returned; otherwise (a page load cancelled
    /// under a subscriber that was not) dropping its iterator cancels it.
    private mutating func end(isolation actor: isolated (any Actor)?) async -> TimelineEvent? {
      events = []
      next = 0
      ended = true
      if Task.isCancelled { _ = await steps?.next(isolation: actor) }
      steps = nil
      return nil
    }
  }
}
