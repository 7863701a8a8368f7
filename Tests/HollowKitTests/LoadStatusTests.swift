import HollowKit
import Testing

@Suite struct LoadStatusTests {
  @Test func loadingAndDataFlags() {
    #expect(LoadStatus.inProgress.isLoading && !LoadStatus.inProgress.hasData)
    #expect(LoadStatus.cached.isLoading && LoadStatus.cached.hasData)
    #expect(!LoadStatus.success.isLoading && LoadStatus.success.hasData)
    #expect(!LoadStatus.failure("x").isLoading && LoadStatus.failure("x").hasData)
    #expect(!LoadStatus.lethalFailure("x").isLoading && !LoadStatus.lethalFailure("x").hasData)
  }

  @Test func aFailureIsLethalOnlyWithoutData() {
    #expect(LoadStatus.cached.failed("down") == .failure("down"))
    #expect(LoadStatus.success.failed("down") == .failure("down"))
    #expect(LoadStatus.inProgress.failed("down") == .lethalFailure("down"))
    #expect(LoadStatus.lethalFailure("old").failed("down") == .lethalFailure("down"))
  }

  @Test func errorMessages() {
    #expect(LoadStatus.failure("a").errorMessage == "a")
    #expect(LoadStatus.lethalFailure("b").errorMessage == "b")
    #expect(LoadStatus.success.errorMessage == nil)
    #expect(LoadStatus.failure("a") != .lethalFailure("a"))
  }
}
