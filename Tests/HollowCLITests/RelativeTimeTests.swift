import Foundation
import Testing

@testable import HollowCLI

@Suite struct RelativeTimeTests {
  private let base = 1_700_000_000
  private func time(after seconds: Int) -> RelativeTime {
    RelativeTime(now: Date(timeIntervalSince1970: TimeInterval(base + seconds)), timeZone: TimeZone(identifier: "UTC")!)
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

  @Test func absoluteDatesUseTheTimeZone() {
    let shanghai = RelativeTime(now: Date(), timeZone: TimeZone(identifier: "Asia/Shanghai")!)
    #expect(shanghai.absolute(base) == "2023-11-15 06:13")
  }
}
