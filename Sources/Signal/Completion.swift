/// How a stream ended: normally or with an error.
///
/// ```swift
/// subject.send(completion: .finished)
/// subject.send(completion: .failure(MyError.offline))
/// ```
public enum Completion<Failure: Error>: Sendable where Failure: Sendable {
  /// The stream ended normally; no more values follow.
  case finished
  /// The stream ended with an error; no more values follow.
  case failure(Failure)
}

extension Completion: Equatable where Failure: Equatable {}
