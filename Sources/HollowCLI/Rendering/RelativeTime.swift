import Foundation

/// Says when something happened the way a person would: "just now", "5 min ago", "3 h ago",
/// "2 days ago", and the date (with the time) beyond a week or in the future.
///
/// Timestamps come from the server, so any `Int` is possible: the arithmetic cannot overflow, and
/// a time outside the years 1...9999 is shown as "at an impossible time (<timestamp>)".
///
/// ```swift
/// let time = RelativeTime(now: Date(timeIntervalSince1970: 1_700_003_600), timeZone: .gmt)
/// time.string(for: 1_700_000_000)  // "1 h ago"
/// ```
public struct RelativeTime: Sendable {
  public let now: Date
  public let timeZone: TimeZone

  /// The unix seconds of 0001-01-01 and 9999-12-31 23:59:59 UTC: the dates the text can show.
  static let shownRange = -62_135_596_800...253_402_300_799

  public init(now: Date, timeZone: TimeZone = .current) {
    self.now = now
    self.timeZone = timeZone
  }

  /// `timestamp` (unix seconds) relative to ``now``.
  public func string(for timestamp: Int) -> String {
    let (elapsed, overflow) = Self.seconds(now).subtractingReportingOverflow(timestamp)
    if overflow { return absolute(timestamp) }
    switch elapsed {
    case -59..<60: return "just now"
    case 60..<3_600: return "\(elapsed / 60) min ago"
    case 3_600..<86_400: return "\(elapsed / 3_600) h ago"
    case 86_400..<(2 * 86_400): return "1 day ago"
    case (2 * 86_400)...(7 * 86_400): return "\(elapsed / 86_400) days ago"
    default: return absolute(timestamp)
    }
  }

  /// `date` relative to ``now`` (a date read from a cache file may be anything, too).
  public func string(for date: Date) -> String {
    string(for: Self.seconds(date))
  }

  /// `timestamp` as "yyyy-MM-dd HH:mm" in ``timeZone``.
  public func absolute(_ timestamp: Int) -> String {
    guard Self.shownRange.contains(timestamp) else { return "at an impossible time (\(timestamp))" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let date = Date(timeIntervalSince1970: TimeInterval(timestamp))
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func twoDigits(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return "\(parts.year ?? 0)-\(twoDigits(parts.month))-\(twoDigits(parts.day)) "
      + "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
  }

  /// Whole seconds since 1970 of `date`, clamped to `Int` (NaN counts as 0).
  static func seconds(_ date: Date) -> Int {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite else { return seconds.isNaN ? 0 : (seconds > 0 ? Int.max : Int.min) }
    if seconds >= 0x1p63 { return Int.max }
    if seconds < -0x1p63 { return Int.min }
    return Int(seconds)
  }
}
