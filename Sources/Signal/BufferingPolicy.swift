/// What a bounded buffer does when a producer outruns its consumer: Signal's one buffering
/// vocabulary, for subjects, `share`, `buffer`, `Publishers.Create` and the Observation bridge.
///
/// Every buffer in Signal is bounded. Choose per subscriber:
///
/// ```swift
/// for await value in subject.values(buffering: .dropOldest(16)) { render(value) }
/// let clicks = taps.buffer(size: 16, whenFull: .dropNewest)  // Combine's spelling
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
  public static let `default` = BufferingPolicy.suspend(defaultCapacity)

  /// The capacity of a policy named without one (``suspend``, ``dropOldest``, ``dropNewest``): 64.
  public static let defaultCapacity = 64

  /// ``suspend(_:)`` with ``defaultCapacity``; in ``Publisher/buffer(size:whenFull:)`` the size
  /// replaces the capacity.
  ///
  /// ```swift
  /// let smooth = frames.buffer(size: 8, whenFull: .suspend)  // .suspend(8)
  /// ```
  public static var suspend: BufferingPolicy { .suspend(defaultCapacity) }

  /// ``dropOldest(_:)`` with ``defaultCapacity``.
  ///
  /// ```swift
  /// for await tick in ticker.values(buffering: .dropOldest) { draw(tick) }  // .dropOldest(64)
  /// ```
  public static var dropOldest: BufferingPolicy { .dropOldest(defaultCapacity) }

  /// ``dropNewest(_:)`` with ``defaultCapacity``.
  ///
  /// ```swift
  /// let clicks = taps.buffer(size: 16, whenFull: .dropNewest)  // .dropNewest(16)
  /// ```
  public static var dropNewest: BufferingPolicy { .dropNewest(defaultCapacity) }

  /// The same policy with room for `capacity` values.
  ///
  /// ```swift
  /// BufferingPolicy.dropOldest.withCapacity(3)  // .dropOldest(3)
  /// ```
  @inlinable
  public func withCapacity(_ capacity: Int) -> BufferingPolicy {
    switch self {
    case .suspend: return .suspend(capacity)
    case .dropOldest: return .dropOldest(capacity)
    case .dropNewest: return .dropNewest(capacity)
    }
  }

  /// The most values the buffer holds (at least 1).
  @inlinable
  public var capacity: Int {
    switch self {
    case .suspend(let capacity), .dropOldest(let capacity), .dropNewest(let capacity):
      return Swift.max(1, capacity)
    }
  }
}
