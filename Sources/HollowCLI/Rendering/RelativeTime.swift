import Foundation

/// Says when something happened the way a person would: "just now", "5 min ago", "3 h ago",
/// "2 days ago", and the date (with the time) beyond a week or in the future.
///
/// ```swift
/// let time = RelativeTime(now: Date(timeIntervalSince1970: 1_700_003_600), timeZone: .gmt)
/// time.string(for: 1_700_000_000)  // "1 h ago"
/// ```
public struct RelativeTime: Sendable {
  public let now: Date
  public let timeZone: TimeZone

  public init(now: Date, timeZone: TimeZone = .current) {
    self.now = now
    self.timeZone = timeZone
  }

  /// `timestamp` (unix seconds) relative to ``now``.
  public func string(for timestamp: Int) -> String {
    let elapsed = Int(now.timeIntervalSince1970.rounded(.down)) - timestamp
    switch elapsed {
    case -59..<60: return "just now"
    case 60..<3_600: return "\(elapsed / 60) min ago"
    case 3_600..<86_400: return "\(elapsed / 3_600) h ago"
    case 86_400..<(2 * 86_400): return "1 day ago"
    case (2 * 86_400)...(7 * 86_400): return "\(elapsed / 86_400) days ago"
    default: return absolute(timestamp)
    }
  }

  /// `timestamp` as "yyyy-MM-dd HH:mm" in ``timeZone``.
  public func absolute(_ timestamp: Int) -> String {
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
}
