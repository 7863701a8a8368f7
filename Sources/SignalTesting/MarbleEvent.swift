/// One event of a ``MarbleDiagram``: what happens, and at which tick.
///
/// ```swift
/// let diagram = try MarbleDiagram("-a|")
/// diagram.events  // [MarbleEvent(tick: 1, kind: .value("a")), MarbleEvent(tick: 2, kind: .finished)]
/// ```
public struct MarbleEvent<Value> {
  /// What a marble stands for.
  public enum Kind {
    /// A value (a letter or digit in the diagram).
    case value(Value)
    /// `|`: the stream finishes.
    case finished
    /// `#`: the stream fails.
    case failed
  }

  /// The tick it happens at: the first character of a diagram is tick 0.
  public var tick: Int
  public var kind: Kind

  public init(tick: Int, kind: Kind) {
    self.tick = tick
    self.kind = kind
  }
}

extension MarbleEvent: Sendable where Value: Sendable {}
extension MarbleEvent.Kind: Sendable where Value: Sendable {}
extension MarbleEvent: Equatable where Value: Equatable {}
extension MarbleEvent.Kind: Equatable where Value: Equatable {}
