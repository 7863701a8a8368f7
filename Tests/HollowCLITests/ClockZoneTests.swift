import Foundation
import Testing

@testable import HollowCLI

@Suite struct ClockZoneTests {
  @Test func aFixedZoneIsAlwaysItsOffset() {
    #expect(ClockZone.fixed(secondsFromGMT: 28_800).secondsFromGMT(at: 1_700_000_000) == 28_800)
    #expect(ClockZone.utc.secondsFromGMT(at: Int.min) == 0)
  }

  @Test func theSystemZoneIsFoundationsCurrentZone() {
    // Foundation (with ICU, linked into the tests only) reads the same TZ and /etc/localtime as localtime_r.
    for timestamp in [0, 1_700_000_000, 1_717_000_000, 2_000_000_000] {
      let date = Date(timeIntervalSince1970: TimeInterval(timestamp))
      #expect(ClockZone.system.secondsFromGMT(at: timestamp) == TimeZone.current.secondsFromGMT(for: date))
    }
  }

  @Test func extremeTimestampsNeverTrap() {
    for timestamp in [Int.min, Int.max, -62_135_596_800, 253_402_300_799] {
      #expect(abs(ClockZone.system.secondsFromGMT(at: timestamp)) <= 18 * 3_600)
    }
  }
}
