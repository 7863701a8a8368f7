import Signal
import SignalTesting

/// One row of the contract table: an operator applied to a hot upstream.
///
/// Every row is held to the same cases (see `OperatorContractTests` and
/// `OperatorContractStressTests`): subscribing when the subscriber subscribes, cancel means
/// stop, finished means released.
public struct OperatorCase: Sendable, CustomStringConvertible {
  public let name: String
  /// The operator under test, on the upstream (a probed subject) and a test clock.
  public let apply: @Sendable (ProbedUpstream, TestClock) -> AnyPublisher<Int, ContractError>
  /// What a subscriber receives when the upstream sends 7, then finishes.
  public let outcomeOfSeven: ContractOutcome
  /// The operator ends on its own after the upstream's 7 while the upstream goes on: it must
  /// release the upstream at that moment.
  public let endsAfterSeven: Bool
  /// The operator subscribes to the probed upstream when its subscriber subscribes (`false`
  /// for an upstream used as an inner publisher, subscribed when its outer value arrives).
  public let subscribesAtOnce: Bool

  public init<P: Publisher<Int, ContractError>>(
    _ name: String,
    _ outcomeOfSeven: ContractOutcome,
    endsAfterSeven: Bool = false,
    subscribesAtOnce: Bool = true,
    _ apply: @escaping @Sendable (ProbedUpstream, TestClock) -> P
  ) {
    self.name = name
    self.outcomeOfSeven = outcomeOfSeven
    self.endsAfterSeven = endsAfterSeven
    self.subscribesAtOnce = subscribesAtOnce
    self.apply = { apply($0, $1).eraseToAnyPublisher() }
  }

  public var description: String { name }
}
