import HollowKit
import Synchronization
import Testing

@testable import HollowServer

/// The limiter's fixed windows on a clock moved by hand: nothing sleeps.
struct RateLimiterTests {
  private final class Clock: Sendable {
    private let seconds = Mutex(1_000.0)
    var now: Double { seconds.withLock { $0 } }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
  }

  private static func admits(_ limiter: RateLimiter, _ limit: RouteQuota, user: String = "u") -> Bool {
    do throws(APIFailure) {
      try limiter.admit(limit, user: user)
      return true
    } catch {
      return false
    }
  }

  @Test func oneSearchPerTwoSecondsAndTheRefusalCarriesTheMessage() {
    let clock = Clock()
    let limiter = RateLimiter(clock: ServerClock { clock.now })
    #expect(Self.admits(limiter, .searchShortTerm))
    clock.advance(1.999)
    #expect(throws: APIFailure.invalid("请不要短时间内连续搜索树洞")) { try limiter.admit(.searchShortTerm, user: "u") }
    clock.advance(0.001)
    #expect(Self.admits(limiter, .searchShortTerm), "the window started at the first request")
  }

  @Test func refusedRequestsDoNotMoveTheWindow() {
    let clock = Clock()
    let limiter = RateLimiter(clock: ServerClock { clock.now })
    #expect(Self.admits(limiter, .postShortTerm))
    for _ in 0..<5 {
      clock.advance(1)
      #expect(!Self.admits(limiter, .postShortTerm))
    }
    clock.advance(1)
    #expect(Self.admits(limiter, .postShortTerm))
  }

  @Test func usersAndLimitsAreCountedApart() {
    let clock = Clock()
    let limiter = RateLimiter(clock: ServerClock { clock.now })
    #expect(Self.admits(limiter, .commentShortTerm, user: "a"))
    #expect(Self.admits(limiter, .commentShortTerm, user: "b"))
    #expect(Self.admits(limiter, .postShortTerm, user: "a"))
    #expect(!Self.admits(limiter, .commentShortTerm, user: "a"))
  }

  @Test func aDailyCapAllowsItsCountThenRefusesUntilTheDayIsOver() {
    let clock = Clock()
    let limiter = RateLimiter(clock: ServerClock { clock.now })
    for _ in 0..<200 {
      #expect(Self.admits(limiter, .wanderDaily))
      clock.advance(60)
    }
    #expect(throws: APIFailure.invalid("你今天刷了太多树洞了，明天再来吧")) { try limiter.admit(.wanderDaily, user: "u") }
    clock.advance(RouteQuota.day)
    #expect(Self.admits(limiter, .wanderDaily))
  }

  @Test func aClockThatGoesBackStartsANewWindow() {
    let clock = Clock()
    let limiter = RateLimiter(clock: ServerClock { clock.now })
    #expect(Self.admits(limiter, .searchShortTerm))
    clock.advance(-100)
    #expect(Self.admits(limiter, .searchShortTerm))
  }
}

/// The real backend's per-user, per-item timestamp offset, when the demo is asked for it.
struct TimestampOffsetsTests {
  @Test func offsetsAreZeroToThreeSecondsPerViewerAndItemAndOffWhenDisabled() {
    let offsets = TimestampOffsets(enabled: true)
    let seen = (40_000..<40_200).map { offsets.offset(for: .user, item: $0) }
    #expect(seen.allSatisfy { (0...3).contains($0) } && Set(seen).count == 4)
    #expect(seen == (40_000..<40_200).map { offsets.offset(for: .user, item: $0) }, "the same every time")
    #expect(seen != (40_000..<40_200).map { offsets.offset(for: .anonymous, item: $0) }, "per viewer")
    #expect((40_000..<40_200).allSatisfy { TimestampOffsets(enabled: false).offset(for: .user, item: $0) == 0 })
  }
}
