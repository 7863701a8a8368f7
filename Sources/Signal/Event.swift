/// One event of a stream, as a value: what ``Publisher/materialize()`` publishes and
/// ``Publisher/dematerialize()`` turns back into a stream.
///
/// ```swift
/// for await event in feed.materialize() {
///   switch event {
///   case .value(let post): show(post)
///   case .finished: print("done")
///   case .failure(let error): print("failed:", error)
///   }
/// }
/// ```
public enum Event<Output, Failure: Error> {
  /// A value.
  case value(Output)
  /// The stream finished normally; it is the last event.
  case finished
  /// The stream failed; it is the last event.
  case failure(Failure)
}

extension Event: Sendable where Output: Sendable {}
extension Event: Equatable where Output: Equatable, Failure: Equatable {}
