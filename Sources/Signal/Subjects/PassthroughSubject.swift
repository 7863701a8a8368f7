/// A subject that broadcasts each value to the subscribers present when it is sent.
///
/// ```swift
/// let taps = PassthroughSubject<String, Never>()
/// let subscription = taps.sink { print("tapped", $0) }
/// await taps.send("like")
/// await taps.send(completion: .finished)
/// ```
///
/// Each subscriber has its own bounded buffer (iterate the subject for
/// ``BufferingPolicy/default``, or use ``values(buffering:)``). ``send(_:)`` suspends while a
/// `.suspend` subscriber's buffer is full, so nothing is lost; `.dropOldest` / `.dropNewest`
/// subscribers never slow the sender. A subscriber that joins after ``send(completion:)``
/// receives just the completion. Values sent after the completion are ignored. When the
/// subject itself is deinitialized, its subscribers finish.
public final class PassthroughSubject<Output: Sendable, Failure: Error>: StorageBackedSubject {
  public typealias Element = Output

  public typealias AsyncIterator = SubjectValues<Output, Failure>.Iterator

  /// The subject's shared state (see ``StorageBackedSubject``).
  public let core: SubjectCore<Output, Failure>

  /// Creates a subject with no subscribers.
  public init() {
    core = SubjectCore(replayLimit: 0, initial: [], replaysAfterCompletion: false)
  }

  deinit {
    core.storage.complete(.finished)
  }
}
