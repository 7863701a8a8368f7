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
  /// iterator is dropped. An iterator that ends early waits for the cancelled run to return, so when
  /// the subscriber's loop is over no load of the run is still holding a ``HostLimiter`` permit or a
  /// connection.
  public struct Iterator: AsyncIteratorProtocol {
    private let run: TimelineRun
    private var steps: AsyncStream<TimelineRun.Event>.Iterator?
    private var runTask: Task<Void, Never>?
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
        guard !Task.isCancelled else { return await finish(isolation: actor) }
        if !events.isEmpty { return events.removeFirst() }
        if ended { return nil }
        if steps == nil { (steps, runTask) = Self.start(run) }
        guard let step = await steps?.next(isolation: actor) else {
          ended = true
          let rest = sequencer.drain()
          events += rest.events
          if rest.stop { return await finish(isolation: actor) }
          continue
        }
        let output = sequencer.receive(step)
        events += output.events
        if output.stop { return await finish(isolation: actor) }
      }
    }

    /// Runs `run` in its own task, cancelled when the stream ends early.
    private static func start(_ run: TimelineRun) -> (AsyncStream<TimelineRun.Event>.Iterator, Task<Void, Never>) {
      let (stream, continuation) = AsyncStream.makeStream(of: TimelineRun.Event.self)
      let task = Task {
        await run.run { continuation.yield($0) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      return (stream.makeAsyncIterator(), task)
    }

    /// Drops the pending events, cancels the run and waits for it to return, and ends the stream.
    ///
    /// Without the wait the subscriber could see the end while a cancelled request was still unwinding
    /// (its permit not yet released, its connection not yet closed).
    private mutating func finish(isolation actor: isolated (any Actor)?) async -> TimelineEvent? {
      runTask?.cancel()
      steps = nil
      ended = true
      events = []
      await runTask?.value
      runTask = nil
      return nil
    }
  }
}
