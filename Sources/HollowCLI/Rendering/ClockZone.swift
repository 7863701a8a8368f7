#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time zone dates are shown in: how far it is ahead of UTC at a given moment.
///
/// `.system` asks the C library (`localtime_r`), so `TZ` and `/etc/localtime` apply with their
/// daylight-saving rules. FoundationEssentials' `TimeZone`, all that hollow-cli links, knows only GMT.
///
/// ```swift
/// ClockZone.fixed(secondsFromGMT: 8 * 3_600).secondsFromGMT(at: 1_700_000_000)  // 28_800
/// ClockZone.system.secondsFromGMT(at: 1_700_000_000)  // what TZ says
/// ```
public enum ClockZone: Sendable, Equatable {
  /// The zone of this machine and its `TZ` variable.
  case system
  /// A zone that is always `secondsFromGMT` ahead of UTC.
  case fixed(secondsFromGMT: Int)

  /// UTC itself.
  public static let utc = ClockZone.fixed(secondsFromGMT: 0)

  /// Seconds this zone is ahead of UTC at `timestamp` (unix seconds); 0 when the C library cannot say.
  public func secondsFromGMT(at timestamp: Int) -> Int {
    switch self {
    case .fixed(let seconds):
      return seconds
    case .system:
      guard let time = time_t(exactly: timestamp) else { return 0 }
      var moment = time
      var parts = tm()
      guard localtime_r(&moment, &parts) != nil else { return 0 }
      return Int(parts.tm_gmtoff)
    }
  }
}
