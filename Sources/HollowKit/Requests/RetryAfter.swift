/// A server's `Retry-After` header (RFC 9110, section 10.2.3): how long to wait, as a number of
/// seconds or as an HTTP date.
///
/// ```swift
/// RetryAfter.delay(from: "120", at: now)                                   // 120 s
/// RetryAfter.delay(from: "Wed, 21 Oct 2015 07:28:00 GMT", at: 1445412450)  // 30 s
/// ```
///
/// Times are seconds since 1970 (Unix time), so the date arithmetic needs no calendar. Parsing
/// is bounded: a value longer than ``maximumLength`` characters is refused without being read.
enum RetryAfter {
  /// No legitimate value is longer ("Sunday, 06-Nov-94 08:49:37 GMT" is 30 characters).
  static let maximumLength = 64

  /// The wait the header asks for, measured from `now` (Unix seconds); zero for a date in the
  /// past; `nil` when the value is neither a number of seconds nor an HTTP date.
  static func delay(from value: String, at now: Int64) -> Duration? {
    guard value.utf8.count <= maximumLength else { return nil }
    let text = value.trimmingSpaces
    if let seconds = seconds(text) { return .seconds(seconds) }
    guard let date = date(text) else { return nil }
    return .seconds(Swift.max(0, date - now))
  }

  /// `delay-seconds`: digits only; a number too large to matter is clamped to a day.
  static func seconds(_ text: Substring) -> Int64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return text.count > 9 ? 86_400 : Swift.min(86_400, Int64(text) ?? 86_400)
  }

  /// An HTTP date in any of its three forms, as Unix seconds:
  /// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
  /// and `Sun Nov  6 08:49:37 1994` (asctime).
  static func date(_ text: Substring) -> Int64? {
    let words = text.split(separator: " ")
    let day: Int64?
    let month: Int64?
    var year: Int64?
    let time: Substring
    if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {
      (day, month, year, time) = (number(words[1]), monthNumber(words[2]), number(words[3]), words[4])
    } else if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {
      let parts = words[1].split(separator: "-")
      guard parts.count == 3 else { return nil }
      (day, month, year, time) = (number(parts[0]), monthNumber(parts[1]), number(parts[2]), words[2])
      // Two-digit years: RFC 9110 says a year that looks more than 50 years ahead is in the past.
      if let short = year, parts[2].count == 2 { year = short < 70 ? 2000 + short : 1900 + short }
    } else if words.count == 5 {
      (day, month, year, time) = (number(words[2]), monthNumber(words[1]), number(words[4]), words[3])
    } else {
      return nil
    }
    let clock = time.split(separator: ":").map(number)
    guard let day, let month, let year, (1...31).contains(day), (1900...9999).contains(year), clock.count == 3,
      let hour = clock[0], let minute = clock[1], let second = clock[2], hour < 24, minute < 60, second < 61
    else { return nil }
    return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
  }

  private static func number(_ text: Substring) -> Int64? {
    guard text.count <= 4, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int64(text)
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  private static func monthNumber(_ text: Substring) -> Int64? {
    months.firstIndex { $0 == text }.map { Int64($0 + 1) }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`).
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return self[first...last]
  }
}
