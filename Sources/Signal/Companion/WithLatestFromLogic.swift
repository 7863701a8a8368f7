/// The rules of ``Publisher/withLatestFrom(_:)``: each upstream value joins the companion's
/// latest value; before the companion's first value, upstream values are dropped. The
/// companion finishing changes nothing (its latest value stays); its failure fails the stream.
@usableFromInline
struct WithLatestFromLogic<Value: Sendable, Latest: Sendable, Failure: Error>: CompanionLogic {
  @usableFromInline typealias Companion = Latest
  @usableFromInline typealias CompanionFailure = Failure
  @usableFromInline typealias Output = (Value, Latest)

  @usableFromInline var latest: Latest?

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ value: Value) -> (Value, Latest)? {
    guard let latest else { return nil }
    return (value, latest)
  }

  @inlinable
  mutating func receiveCompanion(_ value: Latest) -> CompanionVerdict<Failure> {
    latest = value
    return .listen
  }

  @inlinable
  mutating func companionEnded(_ completion: Completion<Failure>) -> CompanionVerdict<Failure> {
    switch completion {
    case .finished: .release
    case .failure(let error): .complete(.failure(error))
    }
  }
}
