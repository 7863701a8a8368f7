/// A subject that replays its latest values: each new subscriber first receives up to
/// `bufferSize` of the most recent values, then every value sent after it subscribed.
///
/// ```swift
/// let recent = ReplaySubject<String, Never>(bufferSize: 2)
/// await recent.send("a"); await recent.send("b"); await recent.send("c")
/// for await post in recent { print(post) }  // "b", "c", then new values
/// ```
///
/// Unlike ``CurrentValueSubject``, a subscriber that joins after ``send(completion:)`` still
/// receives the replayed values, then the completion. Each subscriber has its own bounded
/// buffer (iterate for ``BufferingPolicy/default``, or use ``values(buffering:)``); replayed
/// values are all handed to a new `.suspend` subscriber even beyond its capacity (senders
/// then wait until it has drained), and a `.dropOldest` / `.dropNewest` subscriber applies its
/// policy to them. Values sent after the completion are ignored. When the subject itself is
/// deinitialized, its subscribers finish.
public final class ReplaySubject<Output: Sendable, Failure: Error>: StorageBackedSubject {
  public typealias Element = Output

  public typealias AsyncIterator = SubjectValues<Output, Failure>.Iterator

  /// The subject's shared state (see ``StorageBackedSubject``).
  public let core: SubjectCore<Output, Failure>

  /// The most values replayed to a new subscriber.
  public let bufferSize: Int

  /// Creates a subject that replays up to `bufferSize` values (a negative size counts as 0,
  /// which makes it behave like a ``PassthroughSubject`` that also replays nothing after completion).
  public init(bufferSize: Int) {
    self.bufferSize = Swift.max(0, bufferSize)
    core = SubjectCore(replayLimit: self.bufferSize, initial: [], replaysAfterCompletion: true)
  }

  deinit {
    core.storage.complete(.finished)
  }
}
