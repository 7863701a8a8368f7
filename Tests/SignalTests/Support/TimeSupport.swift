import SignalTesting

@testable import Signal

extension TestClock.Instant {
  /// The instant `seconds` after a test clock's origin.
  static func seconds(_ seconds: Double) -> Self {
    Self(offset: .seconds(seconds))
  }
}

/// Runs `body` in a fresh census scope and reports whether every storage object and parked
/// continuation it created was released afterwards (waiting, bounded, for tasks to wind down).
func leavesNothingBehind(_ body: () async -> Void) async -> Bool {
  let scope = CensusScope()
  await Census.$scope.withValue(scope) {
    await body()
  }
  return await eventually { scope.isQuiet }
}
