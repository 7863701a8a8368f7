/// A subject that holds a current value: new subscribers receive it first, then every
/// value sent after they subscribed.
///
/// ```swift
/// let online = CurrentValueSubject<Bool, Never>(false)
/// await online.send(true)
/// print(online.value)  // true
/// for await isOnline in online { updateBadge(isOnline) }  // true, then later changes
/// ```
///
/// ``send(_:)`` updates ``value`` when the value is delivered. Each subscriber has its own
/// bounded buffer (iterate for ``BufferingPolicy/default``, or use ``values(buffering:)``);
/// ``send(_:)`` suspends while a `.suspend` subscriber's buffer is full. As in Combine, a
/// subscriber that joins after ``send(completion:)`` receives just the completion, while
/// ``value`` keeps the last value. Values sent after the completion are ignored. When the
/// subject itself is deinitialized, its subscribers finish.
public final class CurrentValueSubject<Output: Sendable, Failure: Error>: StorageBackedSubject {
  public typealias Element = Output

  public typealias AsyncIterator = SubjectValues<Output, Failure>.Iterator

  /// The subject's shared state (see ``StorageBackedSubject``).
  public let core: SubjectCore<Output, Failure>

  /// Creates a subject whose current value is `value`.
  public init(_ value: Output) {
    core = SubjectCore(replayLimit: 1, initial: [value], replaysAfterCompletion: false)
  }

  deinit {
    core.storage.complete(.finished)
  }

  /// The latest value delivered (or the initial value).
  public var value: Output {
    // The replay window of one always holds a value: it starts with the initial value.
    guard let value = core.storage.currentValue else { preconditionFailure("a current value is always present") }
    return value
  }
}
