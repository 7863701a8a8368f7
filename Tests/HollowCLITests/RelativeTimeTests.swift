import Foundation
import Testing

@testable import HollowCLI

@Suite struct RelativeTimeTests {
  private let base = 1_700_000_000
  private func time(after seconds: Int) -> RelativeTime {
    RelativeTime(now: Date(timeIntervalSince1970: TimeInterval(base + seconds)), zone: .utc)
  }

  @Test func secondsAreJustNow() {
    #expect(time(after: 0).string(for: base) == "just now")
    #expect(time(after: 59).string(for: base) == "just now")
  }

  @Test func minutesHoursAndDays() {
    #expect(time(after: 60).string(for: base) == "1 min ago")
    #expect(time(after: 5 * 60 + 30).string(for: base) == "5 min ago")
    #expect(time(after: 3 * 3_600 + 59).string(for: base) == "3 h ago")
    #expect(time(after: 86_400).string(for: base) == "1 day ago")
    #expect(time(after: 2 * 86_400 + 10).string(for: base) == "2 days ago")
    #expect(time(after: 7 * 86_400).string(for: base) == "7 days ago")
  }

  @Test func beyondAWeekIsTheAbsoluteDate() {
    // 1_700_000_000 is 2023-11-14 22:13:20 UTC.
    #expect(time(after: 8 * 86_400).string(for: base) == "2023-11-14 22:13")
  }

  @Test func theFutureIsTheAbsoluteDate() {
    #expect(time(after: -3_600).string(for: base) == "2023-11-14 22:13")
    #expect(time(after: -30).string(for: base) == "just now")
  }

  @Test func absoluteDatesUseTheZone() {
    let shanghai = RelativeTime(now: Date(), zone: .fixed(secondsFromGMT: 8 * 3_600))
    #expect(shanghai.absolute(base) == "2023-11-15 06:13")
    let newYork = RelativeTime(now: Date(), zone: .fixed(secondsFromGMT: -5 * 3_600))
    #expect(newYork.absolute(base) == "2023-11-14 17:13")
  }

  @Test func civilDatesMatchTheGregorianCalendar() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    // Every 997th day (a prime, so every month and weekday comes up) from 1583-01-01 to 9999-12-31: Foundation's
    // calendar is Julian before October 1582, the shown dates are proleptic Gregorian (as ISO 8601).
    for days in stride(from: -141_349, through: 2_932_896, by: 997) {
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
      let civil = RelativeTime.civilDate(daysSince1970: days)
      #expect([civil.year, civil.month, civil.day] == [parts.year, parts.month, parts.day])
    }
    #expect(RelativeTime.civilDate(daysSince1970: 11_016) == (2000, 2, 29))
    #expect(RelativeTime.civilDate(daysSince1970: -719_162) == (1, 1, 1))
  }

  @Test func extremeTimestampsNeverTrap() {
    let time = time(after: 0)
    #expect(time.string(for: Int.min) == "at an impossible time (\(Int.min))")
    #expect(time.string(for: Int.min + 1) == "at an impossible time (\(Int.min + 1))")
    #expect(time.string(for: Int.max) == "at an impossible time (\(Int.max))")
    #expect(time.string(for: -1) == "1969-12-31 23:59")
    #expect(time.string(for: 0) == "1970-01-01 00:00")
    #expect(time.string(for: RelativeTime.shownRange.upperBound) == "9999-12-31 23:59")
    #expect(time.string(for: RelativeTime.shownRange.upperBound + 1).hasPrefix("at an impossible time"))
  }

  @Test func extremeClocksNeverTrap() {
    for now in [
      Date.distantPast, .distantFuture, Date(timeIntervalSince1970: .infinity),
      Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: 1e300),
    ] {
      let time = RelativeTime(now: now, zone: .utc)
      for timestamp in [Int.min, -1, 0, base, Int.max] {
        #expect(!time.string(for: timestamp).isEmpty)
      }
      #expect(!time.string(for: now).isEmpty)
    }
  }
}
