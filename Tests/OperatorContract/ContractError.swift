/// The error the contract's upstreams and operators fail with.
public enum ContractError: Error, Equatable, Sendable {
  case boom
}
