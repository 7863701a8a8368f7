#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Says when something happened the way a person would: "just now", "5 min ago", "3 h ago",
/// "2 days ago", and the date (with the time) beyond a week or in the future.
///
/// Timestamps come from the server, so any `Int` is possible: the arithmetic cannot overflow, and
/// a time outside the years 1...9999 is shown as "at an impossible time (<timestamp>)".
///
/// ```swift
/// let time = RelativeTime(now: Date(timeIntervalSince1970: 1_700_003_600), zone: .utc)
/// time.string(for: 1_700_000_000)  // "1 h ago"
/// ```
public struct RelativeTime: Sendable {
  public let now: Date
  public let zone: ClockZone

  /// The unix seconds of 0001-01-01 and 9999-12-31 23:59:59 UTC: the dates the text can show.
  static let shownRange = -62_135_596_800...253_402_300_799

  public init(now: Date, zone: ClockZone = .system) {
    self.now = now
    self.zone = zone
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

  /// `timestamp` as "yyyy-MM-dd HH:mm" in ``zone``.
  public func absolute(_ timestamp: Int) -> String {
    guard Self.shownRange.contains(timestamp) else { return "at an impossible time (\(timestamp))" }
    let local = timestamp + min(max(zone.secondsFromGMT(at: timestamp), -86_400), 86_400)
    let (days, second) = Self.floorDivision(local, by: 86_400)
    let (year, month, day) = Self.civilDate(daysSince1970: days)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(year)-\(twoDigits(month))-\(twoDigits(day)) \(twoDigits(second / 3_600)):\(twoDigits(second % 3_600 / 60))"
  }

  /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`).
  static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let (era, dayOfEra) = floorDivision(days + 719_468, by: 146_097)
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `value / divisor` rounded down, and what remains (never negative).
  private static func floorDivision(_ value: Int, by divisor: Int) -> (quotient: Int, remainder: Int) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
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
