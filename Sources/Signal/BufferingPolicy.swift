/// What a bounded buffer does when a producer outruns its consumer.
///
/// Every buffer in Signal is bounded. Choose per subscriber:
///
/// ```swift
/// for await value in subject.values(buffering: .dropOldest(16)) { render(value) }
/// ```
public enum BufferingPolicy: Sendable, Hashable {
  /// When `capacity` values are waiting, the producer suspends until there is room:
  /// true back-pressure, nothing is lost.
  case suspend(Int)
  /// When `capacity` values are waiting, the oldest waiting value is discarded.
  case dropOldest(Int)
  /// When `capacity` values are waiting, the new value is discarded.
  case dropNewest(Int)

  /// The default: back-pressure with room for 64 values, so memory never grows without bound.
  public static let `default` = BufferingPolicy.suspend(64)

  /// The most values the buffer holds (at least 1).
  @inlinable
  public var capacity: Int {
    switch self {
    case .suspend(let capacity), .dropOldest(let capacity), .dropNewest(let capacity):
      return Swift.max(1, capacity)
    }
  }
}
