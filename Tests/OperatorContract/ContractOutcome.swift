/// What one subscription saw: its values and whether it failed.
public struct ContractOutcome: Equatable, Sendable, CustomStringConvertible {
  public var values: [Int]
  public var failed: Bool

  public init(_ values: [Int], failed: Bool = false) {
    self.values = values
    self.failed = failed
  }

  public var description: String { "\(values)\(failed ? " then failure" : "")" }
}

extension ContractOutcome: ExpressibleByArrayLiteral {
  /// The values, then the end of the stream.
  public init(arrayLiteral values: Int...) {
    self.init(values)
  }
}
