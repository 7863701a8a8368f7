import Signal

/// One row of the sources' contract table: a publisher that produces on its own (or waits
/// for a send that never comes), for the cancellation cases.
public struct SourceCase: Sendable, CustomStringConvertible {
  public let name: String
  public let make: @Sendable () -> AnyPublisher<Int, ContractError>

  public init<P: Publisher<Int, ContractError>>(_ name: String, _ make: @escaping @Sendable () -> P) {
    self.name = name
    self.make = { make().eraseToAnyPublisher() }
  }

  public var description: String { name }
}
