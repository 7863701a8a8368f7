import Testing

@testable import HollowKit

@Suite struct RetryAfterTests {
  /// 2015-10-21 07:28:00 UTC.
  private let now: Int64 = 1_445_412_480

  @Test func secondsAreTakenAsTheyAre() {
    #expect(RetryAfter.delay(from: "120", at: now) == .seconds(120))
    #expect(RetryAfter.delay(from: " 0\t", at: now) == .zero)
  }

  @Test func anEnormousNumberIsClampedToADay() {
    #expect(RetryAfter.delay(from: "99999999999999999999999", at: now) == .seconds(86_400))
    #expect(RetryAfter.delay(from: "100000", at: now) == .seconds(86_400))
  }

  @Test(arguments: [
    "Wed, 21 Oct 2015 07:28:30 GMT",  // IMF-fixdate
    "Wednesday, 21-Oct-15 07:28:30 GMT",  // RFC 850
    "Wed Oct 21 07:28:30 2015",  // asctime
  ])
  func theThreeDateFormsAreRead(_ value: String) {
    #expect(RetryAfter.delay(from: value, at: now) == .seconds(30))
  }

  @Test func aDateInThePastMeansNoWait() {
    #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:37 GMT", at: now) == .zero)
  }

  @Test func theUnixEpochAndLeapDaysAreRight() {
    #expect(RetryAfter.date("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    #expect(RetryAfter.date("Tue, 29 Feb 2000 12:00:00 GMT") == 951_825_600)
    #expect(RetryAfter.date("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
  }

  @Test(arguments: [
    "", "soon", "-5", "1.5", "12 seconds", "Wed, 21 Oct 2015 07:28:30 PST", "Wed, 32 Oct 2015 07:28:30 GMT",
    "Wed, 21 Foo 2015 07:28:30 GMT", "Wed, 21 Oct 2015 25:28:30 GMT", "Wed, 21 Oct 2015 07:28 GMT",
    String(repeating: "9", count: 65), String(repeating: "Wed, ", count: 1000),
  ])
  func anythingElseIsRefused(_ value: String) {
    #expect(RetryAfter.delay(from: value, at: now) == nil)
  }
}
