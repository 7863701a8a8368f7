import Signal
import SignalTesting
import Testing

/// Set by an operation when it ends, so a test can tell that `withTimeout` waited for it.
private actor EndMark {
  private(set) var ending: String?

  func mark(_ ending: String) {
    self.ending = ending
  }
}

@Suite(.timeLimit(.minutes(1))) struct WithTimeoutTests {
  let clock = TestClock()

  /// Sleeps an hour on the test clock; says whether it was cancelled or slept it out.
  @Sendable fileprivate func sleepAnHour(marking mark: EndMark) async -> String {
    let ending = (try? await clock.sleep(for: .seconds(3600))) == nil ? "cancelled" : "slept"
    await mark.mark(ending)
    return ending
  }

  @Test func theDeadlinePassingFirstCancelsAndAwaitsTheOperationThenThrowsTimedOut() async {
    let mark = EndMark()
    let call = Task { try await withTimeout(.seconds(5), clock: clock) { await sleepAnHour(marking: mark) } }
    await clock.waitForSleepers(count: 2)
    #expect(clock.nextDeadline == .seconds(5))
    await clock.advance(by: .seconds(5))
    await #expect(throws: TimeoutFailure<Never>.timedOut) { try await call.value }
    #expect(await mark.ending == "cancelled")
    #expect(clock.sleeperCount == 0)
  }

  @Test func anOperationThatFinishesFirstReturnsItsValueAndStopsTheDeadline() async throws {
    let value = try await withTimeout(.seconds(5), clock: clock) { 42 }
    #expect(value == 42)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anOperationThatFinishesJustBeforeTheDeadlineWins() async throws {
    let mark = EndMark()
    let call = Task { try await withTimeout(.seconds(3601), clock: clock) { await sleepAnHour(marking: mark) } }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(3600))
    #expect(try await call.value == "slept")
    #expect(clock.sleeperCount == 0)
  }

  @Test func anOperationThatThrowsFailsWithItsOwnTypedError() async {
    do {
      _ = try await withTimeout(.seconds(5), clock: clock) { () async throws(TestError) -> Int in throw .boom }
      Issue.record("withTimeout returned a value")
    } catch {
      // `error` is a TimeoutFailure<TestError>: no cast needed.
      #expect(error == .failed(.boom))
    }
  }

  @Test func cancellingTheCallerCancelsTheOperationAndReturnsWhatItReturns() async throws {
    let mark = EndMark()
    let call = Task { try await withTimeout(.seconds(5), clock: clock) { await sleepAnHour(marking: mark) } }
    await clock.waitForSleepers(count: 2)
    call.cancel()
    #expect(try await call.value == "cancelled")
    #expect(await mark.ending == "cancelled")
    #expect(clock.now == .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDurationOfZeroOrLessTimesOutWithoutStartingTheOperation() async {
    let mark = EndMark()
    for duration in [Duration.zero, .seconds(-1)] {
      await #expect(throws: TimeoutFailure<Never>.timedOut) {
        try await withTimeout(duration, clock: clock) { await mark.mark("started") }
      }
    }
    #expect(await mark.ending == nil)
  }

  @Test func onAnImmediateClockTheDeadlinePassesAtOnce() async {
    let immediate = ImmediateClock()
    let mark = EndMark()
    await #expect(throws: TimeoutFailure<Never>.timedOut) {
      try await withTimeout(.seconds(5), clock: immediate) { await sleepAnHour(marking: mark) }
    }
    #expect(await mark.ending == "cancelled")
    #expect(immediate.now == .seconds(5))
  }
}
