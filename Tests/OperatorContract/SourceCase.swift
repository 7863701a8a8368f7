import Signal

/// One row of the sources' contract table: a publisher that produces on its own (or waits
/// for a send that never comes), for the cancellation cases.
public struct SourceCase: Sendable, CustomStringConvertible {
  public let name: String
  public let make: @Sendable () -> AnyPublisher<Int, ContractError>
  /// How many values a `for await` consumer may still receive after its task is cancelled: 0,
  /// except for a synchronous sequence, which checks for cancellation once per
  /// `SequencePublisher.Iterator.cancellationCheckInterval` elements (a `sink` still stops at once:
  /// it checks before every value).
  public let lateValuesAllowed: Int

  public init<P: Publisher<Int, ContractError>>(
    _ name: String, lateValuesAllowed: Int = 0, _ make: @escaping @Sendable () -> P
  ) {
    self.name = name
    self.lateValuesAllowed = lateValuesAllowed
    self.make = { make().eraseToAnyPublisher() }
  }

  public var description: String { name }
}
