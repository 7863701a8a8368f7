import Signal

/// The publisher of ``TimelineLoader/timeline(feed:pages:options:)``.
public struct TimelineLoad: Publisher {
  public typealias Output = TimelineEvent
  public typealias Element = TimelineEvent
  public typealias Failure = Never

  public let loader: TimelineLoader
  public let feed: TimelineFeed
  public let pages: [Int]
  public let options: TimelineOptions

  public func makeAsyncIterator() -> Iterator {
    Iterator(run: TimelineRun(loader: loader, feed: feed, pages: pages, options: options))
  }

  /// Starts the run on the first ``next()`` and turns its steps into events.
  ///
  /// The run's task reports through an `AsyncStream` whose buffer holds at most one step per page and
  /// part; the stream ends (and cancels the run) when the subscribing task is cancelled or the
  /// iterator is dropped.
  public struct Iterator: AsyncIteratorProtocol {
    private let run: TimelineRun
    private var steps: AsyncStream<TimelineRun.Event>.Iterator?
    private var sequencer: TimelineSequencer
    private var events: [TimelineEvent]
    private var ended = false

    init(run: TimelineRun) {
      self.run = run
      sequencer = TimelineSequencer(options: run.options)
      events = sequencer.openingEvents
    }

    public mutating func next() async -> TimelineEvent? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> TimelineEvent? {
      while true {
        guard !Task.isCancelled else { return finish() }
        if !events.isEmpty { return events.removeFirst() }
        if ended { return nil }
        if steps == nil { steps = Self.start(run) }
        guard let step = await steps?.next(isolation: actor) else {
          ended = true
          let rest = sequencer.drain()
          events += rest.events
          if rest.stop { return finish() }
          continue
        }
        let output = sequencer.receive(step)
        events += output.events
        if output.stop { return finish() }
      }
    }

    /// Runs `run` in its own task, cancelled when the stream ends early.
    private static func start(_ run: TimelineRun) -> AsyncStream<TimelineRun.Event>.Iterator {
      let (stream, continuation) = AsyncStream.makeStream(of: TimelineRun.Event.self)
      let task = Task {
        await run.run { continuation.yield($0) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      return stream.makeAsyncIterator()
    }

    /// Drops the pending events, cancels the run (the stream's iterator goes) and ends the stream.
    private mutating func finish() -> TimelineEvent? {
      steps = nil
      ended = true
      events = []
      return nil
    }
  }
}
